"""Synonym expansion: ``换工作`` finds notes that say ``跳槽``, ``攒了多少钱`` finds ``存款``.

A person writes about the same thing in different words; without a model, MyLife bridges the
common cases with groups of interchangeable words gathered from:

* ``register_synonyms`` (the builtin search plugin ships a small list of personal-life words;
  lenses and field dictionaries add theirs);
* field dictionaries: a profile field's name and its aliases (``现有存款`` ~ ``存款`` ~ ``积蓄``);
  topics and decisions with their aliases;
* the workspace's ``synonyms.txt``: one group a line, words separated by spaces or commas.

A word expands to every other member of each group it belongs to (one hop, not transitively,
so two loose groups do not merge into one meaningless cloud). A word is found in the query only
as whole segmenter tokens (``我想换工作`` cut 我/想/换工作 contains ``换工作``; ``攒`` in
``攒了多少钱``), never as a piece of a longer word: ``离开公司`` (离开/公司) does not contain
``开公司``. A synonym the segmenter cuts into several tokens (an English alias such as ``change
jobs``) is searched as all of its tokens together, never as loose fragments.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataFileError
from .segment import normalize

SYNONYMS_FILE = "synonyms.txt"
_SEP = re.compile(r"[\s,，、;；]+")


@dataclass
class Thesaurus:
    groups: list[tuple[str, ...]] = field(default_factory=list)
    _by_word: dict[str, set[int]] = field(default_factory=dict)

    def add(self, words: Iterable[str]) -> None:
        group = tuple(dict.fromkeys(w for w in (normalize(x.strip()) for x in words) if w))
        if len(group) < 2:
            return
        index = len(self.groups)
        self.groups.append(group)
        for word in group:
            self._by_word.setdefault(word, set()).add(index)

    @property
    def words(self) -> list[str]:
        return list(self._by_word)

    def __len__(self) -> int:
        return len(self.groups)

    def expand(self, query: str, spans: tuple[set[tuple[int, int]], set[int]]) -> dict[str, list[str]]:
        """``{matched word: [its synonyms]}`` for the words of ``query`` the thesaurus knows.

        ``spans`` is :meth:`Segmenter.query_spans` of the query: a word matches only where it
        is a whole token, or a run of whole default-mode tokens (``丢了工作``); never a piece of
        a longer word (``开公司`` inside ``离开公司``)."""
        norm = normalize(query)
        tokens, bounds = spans
        found: dict[str, list[str]] = {}
        for word, groups in self._by_word.items():
            start = norm.find(word)
            while start != -1:
                end = start + len(word)
                if (start, end) in tokens or (start in bounds and end in bounds):
                    synonyms: list[str] = []
                    for index in sorted(groups):
                        synonyms.extend(w for w in self.groups[index] if w != word)
                    found[word] = list(dict.fromkeys(synonyms))
                    break
                start = norm.find(word, start + 1)
        # a word inside a longer matched word (工作 in 换工作) does not expand on its own
        return {w: s for w, s in found.items()
                if not any(w != other and w in other for other in found)}


def read_synonyms_file(path: Path) -> list[list[str]]:
    from ..messages import t
    from ..storage.yamlfile import decode_text

    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    text = decode_text(data.removeprefix(b"\xef\xbb\xbf"), path)  # a BOM (Notepad) is no line's byte
    groups = []
    for number, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        words = [w for w in _SEP.split(body) if w]
        if len(words) < 2:
            raise DataFileError(path, number, t("bad_file.synonyms_one_word"))
        groups.append(words)
    return groups


def build_thesaurus(plugins, root: Path | None) -> Thesaurus:
    """Every source above, for a workspace (``plugins`` is its PluginHost)."""
    thesaurus = Thesaurus()
    for spec in plugins.synonyms().values():
        thesaurus.add([spec.word, *spec.synonyms])
    for spec in plugins.fields().values():
        thesaurus.add([spec.name, *spec.aliases])
    for spec in plugins.topics().values():
        thesaurus.add([spec.name, *spec.aliases])
    for spec in plugins.decisions().values():
        thesaurus.add([spec.name, *spec.aliases])
    if root is not None:
        for words in read_synonyms_file(root / SYNONYMS_FILE):
            thesaurus.add(words)
    return thesaurus


def plugin_words(plugins) -> list[str]:
    """Words plugins know, for the segmenter's dictionary."""
    words: list[str] = []
    for spec in plugins.synonyms().values():
        words += [spec.word, *spec.synonyms]
    for spec in plugins.fields().values():
        words += [spec.name, *spec.aliases]
    for spec in plugins.topics().values():
        words += [spec.name, *spec.aliases, *spec.keywords]
    for spec in plugins.decisions().values():
        words += [spec.name, *spec.aliases, *spec.keywords]
    return words
