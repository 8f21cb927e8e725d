"""Strings added on branch s28evid (to be folded into the catalogs by ``messages.convert``).

``ask`` with raw lines only (a user who ``record``s and has no model to ``extract`` with): the
lines as statements and counter-evidence, and what is said when none of them takes a side; the
user's words quoted as said, a claim as the summary it is (``pipeline/quoting.py``).
"""

MESSAGES = {
    # pipeline/quoting.py: a statement as said (the user's words) or as a summary (a claim's text)
    "s28evid.said.exact": {"zh": "说「{text}」", "en": "you said \"{text}\""},
    "s28evid.said.summary": {"zh": "记下「{text}」（原话：「{words}」）",
                             "en": "you noted \"{text}\" (in your words: \"{words}\")"},
    "s28evid.said.summary_only": {"zh": "记下「{text}」", "en": "you noted \"{text}\""},
    "s28evid.quote.exact": {"zh": "「{text}」", "en": "\"{text}\""},
    "s28evid.quote.summary": {"zh": "记下的「{text}」（原话：「{words}」）",
                              "en": "your note summarised as \"{text}\" (in your words: \"{words}\")"},
    "s28evid.quote.summary_only": {"zh": "记下的「{text}」", "en": "your note summarised as \"{text}\""},
    "s28evid.competing.line": {"zh": "- {unsure}{date} {said}—— {reason}", "en": "- {unsure}{date} {said} — {reason}"},
    # the question back and a premise, with the statements quoted through pipeline/quoting.py
    "s28evid.q.tension": {
        "zh": "你在 {d1}（{c1}）{said1}，在 {d2}（{c2}）又{said2}。这两段是否指向同一件事——变的是你的看法，还是当时的处境？"
              "如果是处境，真正要解的问题也许不是「{subject}」本身，而是那个处境能否改变？",
        "en": "In {d1} ({c1}) {said1}; in {d2} ({c2}) {said2}. Do these point at the same thing — did your view "
              "change, or your situation? If it was the situation, is the real question not \"{subject}\" itself but "
              "whether that situation can change?",
    },
    "s28evid.q.one_side": {
        "zh": "你关于「{subject}」的 {n} 段表述都没有出现明显的反面（最近一次：{d} {said}）。有没有哪段经历或哪个数字你还没有记下，会让你犹豫？",
        "en": "None of your {n} statements on \"{subject}\" takes the other side (latest: {d}, {said}). Is there an "
              "experience or a number you have not recorded that would make you hesitate?",
    },
    "s28evid.premise.contradicted": {
        "zh": "「{s}」（{d} 提及）—— 你在 {d2} {said2}。旧的说法还成立吗？",
        "en": "\"{s}\" (noted {d}) — in {d2} {said2}. Does the old statement still hold?",
    },
    # raw lines: statements not yet distilled into claims
    "s28evid.statements.raw_note": {
        "zh": "（证据一栏是 raw/… 的行是你的原话，还没有提炼为证据；`{prog} claim add \"…\" --topic {topic} --from raw/文件#L行号` 可以把它记为证据。）",
        "en": "(Rows whose claim column reads raw/… are your own words, not yet distilled into claims; "
              "`{prog} claim add \"…\" --topic {topic} --from raw/FILE#LN` records one as a claim.)",
    },
    "s28evid.statements.unsided": {
        "zh": "（你在这里记的 {n} 行原话还没有提炼为证据，离线规则也没有从其中任何一行读出对「{subject}」的立场：这不是说你没写过，请自己重读它们；"
              "`{prog} claim add \"…\" --topic {topic} --from raw/文件#L行号` 可以把相关的一行记为证据。）",
        "en": "(The {n} lines you recorded here are not yet distilled into claims, and the offline rules read no side on "
              "\"{subject}\" in any of them: not that you wrote nothing, so read them again yourself; "
              "`{prog} claim add \"…\" --topic {topic} --from raw/FILE#LN` records one that matters as a claim.)",
    },
    "s28evid.statements.unsided.one": {
        "zh": "（你在这里记的 {n} 行原话还没有提炼为证据，离线规则也没有从其中任何一行读出对「{subject}」的立场：这不是说你没写过，请自己重读它们；"
              "`{prog} claim add \"…\" --topic {topic} --from raw/文件#L行号` 可以把相关的一行记为证据。）",
        "en": "(The line you recorded here is not yet distilled into a claim, and the offline rules read no side on "
              "\"{subject}\" in it: not that you wrote nothing, so read it again yourself; "
              "`{prog} claim add \"…\" --topic {topic} --from raw/FILE#LN` records it as a claim.)",
    },
    "s28evid.q.unsided": {
        "zh": "关于「{subject}」你记了 {n} 行原话，离线规则没有读出它们站在哪一边。重读一遍：哪一行最接近你现在的想法，它倾向哪一边？",
        "en": "You recorded {n} lines about \"{subject}\", and the offline rules could not tell which side they take. "
              "Read them again: which one is closest to what you think now, and which way does it lean?",
    },
    "s28evid.q.unsided.one": {
        "zh": "关于「{subject}」你记了 {n} 行原话，离线规则没有读出它们站在哪一边。重读一遍：哪一行最接近你现在的想法，它倾向哪一边？",
        "en": "You recorded 1 line about \"{subject}\", and the offline rules could not tell which side it takes. "
              "Read it again: is it what you think now, and which way does it lean?",
    },
    "s28evid.competing.empty_unsided": {
        "zh": "没有找到削弱「{conclusion}」的已有证据：离线规则读了你 {n} 行尚未提炼的原话，没有读出相反的立场（不等于没有，请自己再读一遍）。这也不代表结论成立。",
        "en": "No existing evidence against \"{conclusion}\" was found: the offline rules read {n} lines of yours not "
              "yet distilled into claims and found no opposite side in them (which does not mean there is none: "
              "read them again yourself). Nor does it make the conclusion true.",
    },
    "s28evid.competing.empty_unsided.one": {
        "zh": "没有找到削弱「{conclusion}」的已有证据：离线规则读了你 {n} 行尚未提炼的原话，没有读出相反的立场（不等于没有，请自己再读一遍）。这也不代表结论成立。",
        "en": "No existing evidence against \"{conclusion}\" was found: the offline rules read 1 line of yours not "
              "yet distilled into a claim and found no opposite side in it (which does not mean there is none: "
              "read it again yourself). Nor does it make the conclusion true.",
    },
    "s28evid.topic.lens_lines": {
        "zh": "透镜的主题「{lens_topic}」下只有你的原话，还没有提炼出的证据；证据取自你自己的主题「{topic}」（检索到的记录大多在这里）",
        "en": "The lens's topic \"{lens_topic}\" holds only your raw lines, no claims yet; the evidence comes from "
              "your own topic \"{topic}\", where most of the notes found are",
    },
}
