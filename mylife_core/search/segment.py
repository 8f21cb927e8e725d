"""Chinese word segmentation for search: rjieba (jieba-rs) with the user's dictionary.

Why rjieba and not jieba: measured by ``bench/search_tokenizers.py`` (figures in
``docs/search.md``): it starts about 6x faster (the first query of a fresh process does not pay
seconds of dictionary loading), cuts about 25x more characters per second and gives the same
tokens as jieba except around digits, hyphens and units (``2.4km`` stays one word). The index
and the queries must use the same segmenter, so the choice is recorded in the index state and a
change triggers a rebuild.

Both sides are normalised the same way: NFKC per character (full-width ``ＡＢＣ１２３`` becomes
``abc123``) and lower case, keeping one output character per input character so positions in the
normalised text are positions in the original.

The dictionary is jieba's own plus, in this order:

* words that plugins know: profile field names and aliases, topic names, aliases and keywords,
  decision names and aliases, every synonym (so ``换工作`` is cut as one word);
* the workspace's ``dict.txt``, in jieba's user-dictionary format: one word a line, optionally
  followed by a frequency and a part-of-speech tag (``内卷化 5 n``); ``#`` starts a comment.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from ..errors import DataFileError

SEGMENTER = "rjieba"
DICT_FILE = "dict.txt"
# A word plugins know (a synonym, a field alias, a topic keyword) is given at least this
# frequency in the segmenter's dictionary, so that it is cut as a word in running text, not only
# alone: with jieba's suggested frequency, 外卖花了 was cut 外/卖花/了 and 一共存了 一/共存/了
# although 外卖 and 存了 are dictionary words. Chosen on the tuning splits by
# bench/search_tune.py (--floors); a dict.txt line that gives a frequency keeps it.
PLUGIN_WORD_FLOOR = 1000

# Function words that carry no meaning in a query (they stay in the index: a query made only of
# them still works). Kept short on purpose: BM25's IDF already discounts frequent words.
STOPWORDS = frozenset(
    "的 了 是 在 我 你 他 她 它 我们 你们 他们 吗 呢 吧 啊 呀 哦 嗯 着 过 也 都 就 还 又 和 与 及 或 "
    "而 但 把 被 给 让 对 从 向 到 这 那 这个 那个 这些 那些 什么 怎么 怎样 如何 为什么 哪 哪些 哪里 "
    "多少 几 有 有没有 没有 是不是 一个 一些 个 之 其 所 以 于 很 太 更 最 呢 么 嘛 啦 "
    "a an the of to in on at for and or is are was were be i me my you".split()
)

# Question words: a question (谁发明了电话？ 假期还剩几天) asks with them, the note that answers it
# does not say them. Dropped from queries like the function words above; chosen on the tuning
# splits by bench/search_tune.py (--floors compares with and without them).
QUESTION_WORDS = frozenset(
    "谁 是谁 哪位 哪个 哪种 哪年 哪一年 哪天 哪儿 何时 何地 为何 多久 多长 多大 多远 多高 多长时间 "
    "几年 几个 几次 几天 几点 啥 咋 咋样 怎么样 什么样 什么时候 是否 请问".split()
)
USE_QUESTION_WORDS = True

_SPLIT_ASCII = re.compile(r"[.\-_/+]+")


def _norm_char(ch: str) -> str:
    if ch.isascii():
        return ch.lower()
    folded = unicodedata.normalize("NFKC", ch)
    return folded.lower() if len(folded) == 1 and len(folded.lower()) == 1 else ch


class _NormTable(dict):
    """``str.translate`` table filled on demand: each distinct character is folded once by
    :func:`_norm_char`, then the C loop of ``translate`` does the rest (an index build used to
    spend most of its time calling ``_norm_char`` 13 million times)."""

    def __missing__(self, code: int) -> str:
        folded = self[code] = _norm_char(chr(code))
        return folded


_TABLE = _NormTable()


def normalize(text: str) -> str:
    """NFKC + lower case, one character out for each character in (positions are kept)."""
    if text.isascii():
        return text.lower()
    if unicodedata.is_normalized("NFKC", text) and "\u03a3" not in text:
        # every character is its own NFKC form: lower case is all that is left, done in C when
        # no character grows (Σ is lowered by context in whole strings, so it is left to the table)
        lowered = text.lower()
        if len(lowered) == len(text):
            return lowered
    return text.translate(_TABLE)


def _is_word(token: str) -> bool:
    return any(ch.isalnum() for ch in token)


@dataclass(frozen=True)
class Dictionary:
    """The extra words the segmenter knows, and a fingerprint the index state remembers."""

    words: tuple[tuple[str, int | None, str | None], ...]

    @cached_property  # asked several times per search (state check, status): computed once
    def fingerprint(self) -> str:
        digest = hashlib.sha256(f"{SEGMENTER} floor {PLUGIN_WORD_FLOOR}".encode())
        for word, freq, tag in self.words:
            digest.update(f"\n{word}\t{freq}\t{tag}".encode())
        return digest.hexdigest()[:16]


def read_dict_file(path: Path) -> list[tuple[str, int | None, str | None]]:
    """Parse a jieba user dictionary; a malformed line is an error naming file and line."""
    from ..messages import t
    from ..storage.yamlfile import decode_text

    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    text = decode_text(data.removeprefix(b"\xef\xbb\xbf"), path)  # a BOM (Notepad) is no line's byte
    out: list[tuple[str, int | None, str | None]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        parts = body.split()
        if len(parts) > 3:
            raise DataFileError(path, number, t("bad_file.dict_line"))
        word, freq, tag = parts[0], None, None
        rest = parts[1:]
        if rest and rest[0].isdigit():
            freq = int(rest.pop(0))
        elif len(rest) == 2:
            raise DataFileError(path, number, t("bad_file.dict_frequency", value=repr(rest[0])))
        if rest:
            tag = rest[0]
        out.append((normalize(word), freq, tag))
    return out


def build_dictionary(plugin_words: Iterable[str], dict_path: Path | None) -> Dictionary:
    seen: dict[str, tuple[str, int | None, str | None]] = {}
    for word in plugin_words:
        word = normalize(word.strip())
        if len(word) >= 2 and " " not in word and word not in seen:
            seen[word] = (word, None, None)
    if dict_path is not None:
        for entry in read_dict_file(dict_path):
            seen[entry[0]] = entry  # the user's line wins (it may carry a frequency)
    return Dictionary(tuple(sorted(seen.values(), key=lambda e: e[0])))


class Segmenter:
    """Cuts normalised text into index tokens and query terms."""

    def __init__(self, dictionary: Dictionary) -> None:
        self.dictionary = dictionary
        self._jieba = _jieba_for(dictionary)

    @property
    def fingerprint(self) -> str:
        return self.dictionary.fingerprint

    def tokens(self, text: str) -> list[str]:
        """Index tokens of ``text`` (search mode: ``北京大学`` gives 北京, 大学, 北京大学)."""
        return _expand(self._words(normalize(text), "search"))

    def query_terms(self, text: str) -> list[str]:
        """The distinct words of a query: search mode and default mode together (robust to a
        dictionary that changed since the index was built), function words dropped unless the
        query has nothing else."""
        norm = normalize(text)
        words = _expand(self._words(norm, "search") + self._words(norm, "default"))
        unique = list(dict.fromkeys(words))
        content = [w for w in unique if w not in STOPWORDS
                   and not (USE_QUESTION_WORDS and w in QUESTION_WORDS)]
        return content or unique

    def cut(self, text: str) -> list[str]:
        """The words of ``text`` in default mode (no sub-words, no ASCII pieces): what a synonym
        stands for in the index (``换工作`` → one token, ``change jobs`` → ``change``, ``jobs``)."""
        return [t for t in (x.strip() for x in self._words(normalize(text), "default")) if t and _is_word(t)]

    def _words(self, norm: str, mode: str) -> list[str]:
        """jieba's words of the normalised ``norm`` in ``mode`` (``search`` | ``default``), every
        Latin word whole (:func:`_whole_latin`); jieba's plain cut when there is none (faster)."""
        if not _has_latin(norm):
            return list(self._jieba.cut_for_search(norm, True) if mode == "search" else self._jieba.cut(norm, True))
        return [w for w, _, _ in _whole_latin(norm, self._jieba.tokenize(norm, mode, True))]

    def query_spans(self, text: str) -> tuple[set[tuple[int, int]], set[int]]:
        """Where the query's words are, for synonym matching on whole tokens: the ``(start,
        end)`` of every token of either mode, and the boundaries between default-mode tokens
        (positions in the normalised text, which are positions in the query)."""
        norm = normalize(text)
        spans: set[tuple[int, int]] = set()
        bounds: set[int] = {0, len(norm)}
        for _, start, end in _whole_latin(norm, self._jieba.tokenize(norm, "default", True)):
            spans.add((start, end))
            bounds.update((start, end))
        for _, start, end in _whole_latin(norm, self._jieba.tokenize(norm, "search", True)):
            spans.add((start, end))
        return spans, bounds

    def analyzed(self, text: str) -> str:
        """The token stream as tantivy's whitespace analyzer receives it."""
        return " ".join(self.tokens(text))


# A run of Han characters (CJK unified ideographs and extension A, compatibility ideographs).
_HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,}")


def bigrams(text: str) -> list[str]:
    """The overlapping two-character windows of every run of Han characters in ``text``
    (normalised first): 外卖花了 → 外卖, 卖花, 花了. The index's weak ``gram`` field, which
    needs no dictionary, so it still matches where the segmenter cut a note and a query
    differently."""
    out: list[str] = []
    for match in _HAN_RUN.finditer(normalize(text)):
        run = match.group()
        out.extend(run[i:i + 2] for i in range(len(run) - 1))
    return out


def query_bigrams(text: str) -> list[str]:
    """The distinct bigrams of a query, without those that are a function or question word
    (什么, 多少, 哪里: a note that answers does not say them)."""
    words = STOPWORDS | QUESTION_WORDS if USE_QUESTION_WORDS else STOPWORDS
    return [g for g in dict.fromkeys(bigrams(text)) if g not in words]


_WORD_CHAR = re.compile(r"[^\W_]")  # a letter or digit: what ``str.isalnum`` accepts
_LATIN_RUN = re.compile(r"[a-z0-9]+")
_LATIN_LETTER = re.compile(r"[a-z]")


def _has_latin(norm: str) -> bool:
    return _LATIN_LETTER.search(norm) is not None


def _whole_latin(norm: str, pieces) -> list[tuple[str, int, int]]:
    """jieba's ``(word, start, end)`` pieces of ``norm`` with every Latin word kept whole. jieba
    cuts a run of Latin letters by its dictionary as it cuts Chinese, so a dictionary word split
    longer English words: ``quite`` was cut quit/e, ``previews`` p/review/s, ``killed`` k/ill/ed,
    and a query ``quit`` found notes saying "quite". A piece inside a run of letters and digits
    (and not the whole run) becomes that run, once; everything else is left as jieba cut it."""
    runs = {}
    for m in _LATIN_RUN.finditer(norm):
        for i in range(m.start(), m.end()):
            runs[i] = (m.start(), m.end())
    out: list[tuple[str, int, int]] = []
    merged: set[tuple[int, int]] = set()
    for word, start, end in pieces:
        run = runs.get(start)
        if run is not None and end <= run[1] and (start, end) != run:
            if run not in merged:
                merged.add(run)
                out.append((norm[run[0]:run[1]], run[0], run[1]))
            continue
        if (start, end) in merged:
            continue
        out.append((word, start, end))
    return out


def _expand(raw: list[str]) -> list[str]:
    words = [token for token in map(str.strip, raw) if token and _WORD_CHAR.search(token)]
    if not _SPLIT_ASCII.search("".join(words)):
        return words  # the usual case: nothing to split further
    out: list[str] = []
    for token in words:
        out.append(token)
        if token.isascii() and _SPLIT_ASCII.search(token):
            out.extend(p for p in _SPLIT_ASCII.split(token) if p and p != token)
    return out


_DEFAULT_TAKEN: list[str] = []


@lru_cache(maxsize=8)
def _jieba_for(dictionary: Dictionary):
    """A rjieba instance loaded with ``dictionary``. The module's default instance is reused for
    the first dictionary of the process (creating an instance costs ~0.13 s); later, different
    dictionaries (tests with several workspaces) get their own."""
    import rjieba

    if not _DEFAULT_TAKEN:
        instance = rjieba._DEFAULT_JIEBA
        _DEFAULT_TAKEN.append(dictionary.fingerprint)
    else:
        instance = rjieba.Jieba()
    for word, freq, tag in dictionary.words:
        if freq is None and PLUGIN_WORD_FLOOR:
            freq = max(instance.suggest_freq(word), PLUGIN_WORD_FLOOR)
        instance.add_word(word, freq, tag)
    return instance


@lru_cache(maxsize=1)
def segmenter_version() -> str:
    from importlib.metadata import version

    return f"{SEGMENTER} {version(SEGMENTER)} whole-latin"  # Latin words are never cut (_whole_latin)
