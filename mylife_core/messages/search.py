"""Messages of search: ``mylife recall`` and ``mylife index``."""

MESSAGES: dict[str, dict[str, str]] = {
    "help.recall": {
        "zh": "在原话（raw）、主题摘要（digest）和证据（claims）里找出最相关的内容。\n\n"
              "中文分词（rjieba）+ 同义词扩展（“换工作”也能找到“跳槽”）；每条结果给出出处"
              "（raw/文件#L行号 是你的原话那一行）、日期、高亮片段（【】标出命中词）和得分构成。"
              "没有安装向量插件时为“关键词模式”，装了 mylife-vector 并运行 `mylife index embed` 后为"
              "“混合模式”。\n\n"
              "自己的词：工作区里的 dict.txt 是用户词典（每行一个词），synonyms.txt 是同义词（每行一组，"
              "如“摸鱼 划水”）。JSON 键名见 docs/search.md。\n\n"
              "例：\n\n  mylife recall 跳槽\n\n  mylife recall 换工作 --topic 职业去留 -k 5\n\n"
              "  mylife recall 存款 --layer claims --evidence-only --json",
        "en": "Find the best matches across your raw notes, topic digests and claims.\n\n"
              "Chinese word segmentation (rjieba) plus synonym expansion (换工作 also finds 跳槽); each "
              "hit shows where it is (raw/FILE#Lnn is your exact line), its date, a snippet with the "
              "matched words in 【】 and its score parts. Keyword mode without a vector plugin; hybrid "
              "mode once mylife-vector is installed and `mylife index embed` has run.\n\n"
              "Your own words: dict.txt in the workspace is the user dictionary (one word a line), "
              "synonyms.txt lists synonyms (one group a line). JSON keys: docs/search.md.\n\n"
              "Examples:\n\n  mylife recall 跳槽\n\n  mylife recall 换工作 --topic career -k 5\n\n"
              "  mylife recall 存款 --layer claims --evidence-only --json",
    },
    "help.opt.recall_topic": {"zh": "只看这个主题", "en": "only this topic"},
    "help.opt.layer": {"zh": "只看这些层（可重复）：raw 原话 / digest 摘要 / claims 证据",
                       "en": "only these layers (repeatable): raw / digest / claims"},
    "help.opt.k": {"zh": "最多返回几条", "en": "how many hits at most"},
    "help.opt.evidence_only": {"zh": "证据只要有效的（不含候选推断、已拒绝、已取代）",
                               "en": "claims only when they count as evidence (no candidates, rejected, superseded)"},
    "help.opt.keyword_only": {"zh": "即使装了向量插件也只用关键词", "en": "keyword mode even when a vector plugin is installed"},
    "help.index": {
        "zh": "搜索索引：重建、查看状态、生成向量。索引是 cache/search/ 下可随时重建的缓存，"
              "平时的写入会自动增量更新它。\n\n例：mylife index status",
        "en": "The search index: rebuild, status, embeddings. The index is a rebuildable cache in "
              "cache/search/; normal writes update it incrementally.\n\nExample: mylife index status",
    },
    "help.index.rebuild": {
        "zh": "从工作区文件重建搜索索引（修改了 dict.txt 用户词典后也用它）。\n\n例：mylife index rebuild",
        "en": "Rebuild the search index from the workspace files (also after editing dict.txt).\n\n"
              "Example: mylife index rebuild",
    },
    "help.index.status": {
        "zh": "索引里有多少条、是否最新、分词器与词典、向量覆盖率。\n\n例：mylife index status --json",
        "en": "What the index holds, whether it is current, segmenter and dictionary, vector coverage.",
    },
    "help.index.embed": {
        "zh": "为还没有向量的内容生成向量（需要安装 mylife-vector；可随时中断，下次接着做）。\n\n"
              "例：mylife index embed\n\n  mylife index embed --limit 500   # 先做 500 条\n\n"
              "  mylife index embed --background  # 后台慢慢做",
        "en": "Embed what has no vector yet (needs mylife-vector; stop any time, it resumes).\n\n"
              "Example: mylife index embed --limit 500",
    },
    "help.opt.embed_background": {"zh": "在后台运行（立即返回；用 `mylife index status` 看进度）",
                                  "en": "run in the background (returns at once; `mylife index status` shows progress)"},
    "index.embed.started": {"zh": "已在后台开始生成向量（进程 {pid}）。用 `mylife index status` 查看进度。",
                            "en": "Embedding started in the background (process {pid}). `mylife index status` shows progress."},
    "index.embed.already": {"zh": "已有一个生成向量的进程在运行（进程 {pid}）。", "en": "Embedding is already running (process {pid})."},
    "index.status.embedding": {"zh": "正在生成向量：{done}/{total}（进程 {pid}）", "en": "embedding: {done}/{total} (process {pid})"},
    "error.search_embed_running": {"zh": "另一个进程正在生成向量：等它结束，或用 `mylife index status` 查看进度。",
                                   "en": "Another process is embedding: wait for it, or see `mylife index status`."},
    "help.opt.embed_limit": {"zh": "本次最多处理几条", "en": "at most this many this run"},
    "recall.mode.keyword": {"zh": "关键词模式（未安装向量插件）", "en": "keyword mode (no vector plugin installed)"},
    "recall.mode.hybrid": {"zh": "混合模式（关键词 + 向量 + 时间）", "en": "hybrid mode (keyword + vector + recency)"},
    "recall.header": {"zh": "“{query}”：{n} 条结果 · {mode}", "en": "\"{query}\": {n} hits · {mode}"},
    "recall.terms": {"zh": "检索词：{terms}", "en": "searched: {terms}"},
    "recall.expanded": {"zh": "同义词：{pairs}", "en": "synonyms: {pairs}"},
    "recall.none": {
        "zh": "没有找到与“{query}”相关的内容。可以换个说法，或用 `mylife record` 先记下来。",
        "en": "Nothing matches \"{query}\". Try other words, or record it first with `mylife record`.",
    },
    "recall.parts": {
        "zh": "得分 {score}（关键词 {keyword} · 向量 {vector} · 时间 {recency} · 加权 ×{boost}）",
        "en": "score {score} (keyword {keyword} · vector {vector} · recency {recency} · boost ×{boost})",
    },
    "recall.layer.raw": {"zh": "原话", "en": "raw"},
    "recall.layer.digest": {"zh": "摘要", "en": "digest"},
    "recall.layer.claims": {"zh": "证据", "en": "claim"},
    "search.note.rebuilt": {"zh": "搜索索引不存在或已损坏，已从文件重建。", "en": "The search index was missing or damaged and was rebuilt from the files."},
    "search.why.built": {"zh": "正在建立搜索索引 cache/search/（{n} 条原话、证据和摘要）：它还不存在（克隆、恢复备份或清空 cache/ 之后第一次搜索）。只需一次。",
                         "en": "Building the search index cache/search/ ({n} notes, claims and digests): it does not exist "
                               "yet (first search after a clone, a restore or clearing cache/). Once only."},
    "search.why.rebuilt": {"zh": "正在重建搜索索引 cache/search/（{n} 条原话、证据和摘要）：它已损坏或来自另一个版本。只需一次。",
                           "en": "Rebuilding the search index cache/search/ ({n} notes, claims and digests): it is damaged "
                                 "or from another version. Once only."},
    "search.note.built": {"zh": "首次建立了搜索索引。", "en": "Built the search index for the first time."},
    "search.note.rebuilt_dictionary": {"zh": "分词词典有变化，已重建搜索索引。", "en": "The dictionary changed; the search index was rebuilt."},
    "search.note.dictionary_changed": {
        "zh": "分词词典（dict.txt 或插件词汇）有变化：运行 `mylife index rebuild` 让旧内容也按新词典切分。",
        "en": "The dictionary (dict.txt or plugin words) changed: run `mylife index rebuild` so older notes are cut with it too.",
    },
    "search.note.busy": {
        "zh": "另一个进程正在更新搜索索引，这次结果可能不含最新写入。",
        "en": "Another process is updating the search index; these results may miss the latest writes.",
    },
    "search.note.vectors_empty": {
        "zh": "向量插件已安装但还没有生成向量，本次为关键词模式：运行 `mylife index embed`。",
        "en": "The vector plugin is installed but nothing is embedded yet (keyword mode): run `mylife index embed`.",
    },
    "search.note.vector_failed": {
        "zh": "向量插件出错，本次退回关键词模式。运行 `mylife index status` 查看原因。",
        "en": "The vector plugin failed; keyword mode this time. See `mylife index status`.",
    },
    "index.rebuilding": {"zh": "正在重建搜索索引", "en": "Rebuilding the search index"},
    "index.rebuilt": {
        "zh": "搜索索引已重建：原话 {raw} 行、摘要 {digest} 段、证据 {claims} 条，用时 {seconds} 秒。",
        "en": "Search index rebuilt: {raw} raw lines, {digest} digest paragraphs, {claims} claims in {seconds} s.",
    },
    "index.status.counts": {
        "zh": "索引内容：原话 {raw} 行 · 摘要 {digest} 段 · 证据 {claims} 条（{size}）",
        "en": "Indexed: {raw} raw lines · {digest} digest paragraphs · {claims} claims ({size})",
    },
    "index.status.missing": {"zh": "搜索索引尚未建立：下次 `mylife recall` 会自动建立，或运行 `mylife index rebuild`。",
                             "en": "No search index yet: the next `mylife recall` builds it, or run `mylife index rebuild`."},
    "index.status.current": {"zh": "索引是最新的。", "en": "The index is up to date."},
    "index.status.pending": {"zh": "有 {n} 项写入尚未进入索引，下次 `mylife recall` 时补上。",
                             "en": "{n} writes are not indexed yet; the next `mylife recall` catches up."},
    "index.status.digests": {"zh": "摘要文件有改动，下次搜索时重新索引。", "en": "Digest files changed; they are re-indexed at the next search."},
    "index.status.dictionary": {"zh": "分词器 {segmenter} · 词典 {words} 个附加词（dict.txt {file}）· 同义词 {groups} 组",
                                "en": "segmenter {segmenter} · {words} extra words (dict.txt {file}) · {groups} synonym groups"},
    "index.status.dict_stale": {"zh": "词典在建索引后有变化：运行 `mylife index rebuild`。",
                                "en": "The dictionary changed since the index was built: run `mylife index rebuild`."},
    "index.status.file_present": {"zh": "已有", "en": "present"},
    "index.status.file_absent": {"zh": "未创建", "en": "absent"},
    "index.status.keyword_mode": {"zh": "模式：关键词（未安装向量插件；可安装 mylife-vector）",
                                  "en": "mode: keyword (no vector plugin; mylife-vector adds one)"},
    "index.status.vector": {"zh": "模式：混合 · 向量 {embedded} 条 · 模型 {model}",
                            "en": "mode: hybrid · {embedded} vectors · model {model}"},
    "index.status.vector_error": {"zh": "向量插件出错：{error}", "en": "vector plugin error: {error}"},
    "index.embed.progress": {"zh": "生成向量", "en": "Embedding"},
    "index.embed.done": {
        "zh": "已生成 {embedded} 条向量（共 {total} 条内容，剩余 {remaining} 条），用时 {seconds} 秒。",
        "en": "Embedded {embedded} (of {total} documents, {remaining} remaining) in {seconds} s.",
    },
    "error.search_empty_query": {"zh": "搜索词是空的：请给出要找的内容，例如 `mylife recall 跳槽`。",
                                 "en": "The query is empty: say what to look for, e.g. `mylife recall 跳槽`."},
    "error.search_bad_k": {"zh": "-k 必须在 1 到 {max} 之间（收到 {k}）。", "en": "-k must be between 1 and {max} (got {k})."},
    "error.search_index_busy": {
        "zh": "另一个进程正在写搜索索引（例如正在重建），等了一阵仍未结束。稍后再试。",
        "en": "Another process is writing the search index (a rebuild, say) and did not finish in time. Try again later.",
    },
    "error.search_no_vector_plugin": {
        "zh": "没有安装向量插件：`pip install mylife-vector` 后再运行 `mylife index embed`。",
        "en": "No vector plugin is installed: `pip install mylife-vector`, then run `mylife index embed`.",
    },
}
