"""Strings of the L2 storage backends: external MCP servers, `mylife store`, `mylife graph`."""

MESSAGES: dict[str, dict[str, str]] = {
    # ---- errors of external backends ---------------------------------------------------------
    "error.backend_start_failed": {
        "zh": "{backend} 服务器没有启动成功：{reason}\n  没有任何 claim 被保存或报告为已保存（已记入 L0 的原话保留）。\n"
              "  命令：{command}\n  服务器日志（{log_path}）的最后几行：\n{log}\n"
              "  请运行 `mylife store status` 检查安装；需要时运行 `mylife store setup` 重新安装。",
        "en": "The {backend} server did not start: {reason}\n  No claim was stored or reported as stored (words already "
              "recorded in L0 stay there).\n  Command: {command}\n  Last lines of its log ({log_path}):\n{log}\n"
              "  Run `mylife store status` to check the installation; `mylife store setup` reinstalls it.",
    },
    "error.backend_died": {
        "zh": "{backend} 服务器进程已退出（连接断开）。这次操作没有完成，也没有报告为已保存。\n  日志最后几行：\n{log}",
        "en": "The {backend} server process exited (connection closed). This operation did not complete and "
              "was not reported as stored.\n  Last lines of its log:\n{log}",
    },
    "error.backend_timeout": {
        "zh": "{backend} 服务器在 {seconds} 秒内没有回应 {tool}（可能卡住了）；它已被停止，下次使用时会重启。这次操作没有报告为已保存。",
        "en": "The {backend} server did not answer {tool} within {seconds}s (it may be hung); it was stopped and "
              "restarts on next use. This operation was not reported as stored.",
    },
    "error.backend_tool_error": {
        "zh": "{backend} 拒绝了 {tool} 调用：{reason}",
        "en": "{backend} refused the {tool} call: {reason}",
    },
    "error.backend_bad_answer": {
        "zh": "{backend} 对 {tool} 的回答无法识别：{reason}\n  请确认安装的是 MyLife 锁定的版本（`mylife store setup`）。",
        "en": "{backend}'s answer to {tool} was not understood: {reason}\n  Make sure the version MyLife locks is installed (`mylife store setup`).",
    },
    "error.backend_no_node": {
        "zh": "{backend} 需要 Node.js {version} 或更新版本，但没有找到 `node`。请安装 Node.js（或用 MYLIFE_NODE 指向它），然后运行 `mylife store setup`。",
        "en": "{backend} needs Node.js {version} or newer, but `node` was not found. Install Node.js (or point MYLIFE_NODE at it), then run `mylife store setup`.",
    },
    "error.backend_old_node": {
        "zh": "{backend} 需要 Node.js {version} 或更新版本，找到的是 {found}。请升级 Node.js 后运行 `mylife store setup`。",
        "en": "{backend} needs Node.js {version} or newer; found {found}. Upgrade Node.js, then run `mylife store setup`.",
    },
    "error.backend_no_npm": {
        "zh": "没有找到 npm（它通常随 Node.js 一起安装），无法安装 {backend}。",
        "en": "npm was not found (it usually comes with Node.js), so {backend} cannot be installed.",
    },
    "error.backend_not_installed": {
        "zh": "{backend} 的 npm 包 {package} 还没有安装。运行 `mylife store setup {name}` 安装锁定的版本；"
              "或者在自选文件夹里运行 `npm ci` 后用 {env_var} 指向它。\n  已查找：{folders}",
        "en": "{backend}'s npm package {package} is not installed. Run `mylife store setup {name}` to install the locked "
              "version, or run `npm ci` in a folder of your choice and point {env_var} at it.\n  Looked in: {folders}",
    },
    "error.backend_install_failed": {
        "zh": "在 {folder} 安装 {backend} 失败：\n{log}",
        "en": "Installing {backend} in {folder} failed:\n{log}",
    },
    "error.backend_restart_failed": {
        "zh": "{backend} 服务器中途退出，重启也失败了；这次操作没有报告为已保存。\n  {reason}",
        "en": "The {backend} server went away and could not be restarted; this operation was not reported as stored.\n  {reason}",
    },
    "error.backend_not_stored": {
        "zh": "{backend} 没有保存 {id}（写入后读不回来）。这条 claim 没有被报告为已保存；用户原话仍在 L0。"
              "请运行 `mylife store status --verify` 查看后端状态后重试。",
        "en": "{backend} did not keep {id} (it could not be read back after the write). The claim was not reported "
              "as stored; the user's words are still in L0. Run `mylife store status --verify`, then retry.",
    },
    "error.backend_readback_mismatch": {
        "zh": "{backend} 读回的 {id} 与写入的不一致（字段 {field}）。这条 claim 没有被报告为已保存。"
              "请运行 `mylife store status --verify` 检查。",
        "en": "{backend} gave back {id} different from what was written (field {field}). The claim was not reported "
              "as stored. Run `mylife store status --verify` to check.",
    },
    "error.memorix_sqlite_broken": {
        "zh": "Memorix 依赖的 better-sqlite3 无法被当前的 Node.js 加载（通常是 Node 升级后没有重新编译）。"
              "请运行 `mylife store setup memorix` 重新安装。\n  {reason}",
        "en": "Memorix's better-sqlite3 add-on cannot be loaded by this Node.js (usually Node was upgraded after "
              "install). Run `mylife store setup memorix` to reinstall.\n  {reason}",
    },
    "error.store_unknown": {
        "zh": "没有名为「{name}」的 claim 存储后端。可用：{available}。外部后端需要先安装插件（pip install mylife-{name}）。",
        "en": "No claim-store backend named '{name}'. Available: {available}. External backends need their plugin "
              "installed first (pip install mylife-{name}).",
    },
    "error.store_not_external": {
        "zh": "「{name}」是内置存储，不需要安装。",
        "en": "'{name}' is a builtin store; there is nothing to install.",
    },
    "error.store_same": {
        "zh": "L2 已经存放在「{name}」里，不需要迁移。",
        "en": "L2 already lives in '{name}'; there is nothing to migrate.",
    },
    "error.migrate_target_not_empty": {
        "zh": "目标后端「{name}」里已经有 {n} 条当前存储中没有的 claim（例如 {ids}），混在一起会出错，所以没有迁移，"
              "什么都没有改动。如果它们是不再需要的旧数据，先把 {folder} 移到别处再重试。",
        "en": "The target backend '{name}' already holds {n} claims the current store does not have (e.g. {ids}); "
              "mixing them would be wrong, so nothing was migrated or changed. If they are old data you no longer "
              "need, move {folder} elsewhere and retry.",
    },
    "error.migrate_verify_failed": {
        "zh": "迁移校验失败：{problem}\n  配置没有改动，L2 仍在「{source}」中，没有任何数据丢失。",
        "en": "Migration check failed: {problem}\n  The configuration was not changed; L2 still lives in '{source}' and nothing was lost.",
    },
    "error.graph_store_needed": {
        "zh": "`mylife graph export` 需要 mylife-graph 插件（pip install mylife-graph）。",
        "en": "`mylife graph export` needs the mylife-graph plugin (pip install mylife-graph).",
    },
    "store.server_gone": {"zh": "服务器进程已不在", "en": "the server process is gone"},
    "store.start_exited": {"zh": "服务器启动后立刻退出了", "en": "the server exited right after starting"},
    "store.start_no_answer": {"zh": "服务器在 {seconds} 秒内没有完成 MCP 握手", "en": "the server did not finish the MCP handshake within {seconds}s"},
    # ---- warnings during work ----------------------------------------------------------------------
    "store.restarting": {
        "zh": "提示：{backend} 服务器无响应（{reason}），正在重启并重试……",
        "en": "Note: the {backend} server stopped answering ({reason}); restarting it and retrying...",
    },
    "store.vanished_warning": {
        "zh": "警告：{backend} 中不再有 {n} 条 MyLife 保存过的 claim（{ids}…）。有别的程序改动了后端数据。"
              "运行 `mylife store status` 查看；它们的最后内容保存在索引里。",
        "en": "Warning: {backend} no longer holds {n} claims MyLife stored ({ids}...). Something outside MyLife changed "
              "the backend. Run `mylife store status` to see them; their last content is kept in the index.",
    },
    "memorix.degraded": {
        "zh": "Memorix 以只读的“降级模式”启动（better-sqlite3 无法加载），这会让已有的 claim 看起来全部消失。"
              "请运行 `mylife store setup memorix` 重新安装。",
        "en": "Memorix started in read-only 'degraded mode' (better-sqlite3 could not load), which would make every "
              "stored claim look gone. Run `mylife store setup memorix` to reinstall.",
    },
    "memorix.no_sqlite_line": {
        "zh": "Memorix 没有报告它的 SQLite 存储已就绪（版本不是 MyLife 锁定的 1.0.7？）。",
        "en": "Memorix did not report its SQLite store as ready (not the 1.0.7 MyLife locks?).",
    },
    "memorix.no_project": {
        "zh": "Memorix 没有绑定到项目 {project}。",
        "en": "Memorix did not bind to the project {project}.",
    },
    "memorix.bad_record": {
        "zh": "警告：Memorix 记忆 #{obs}（{key}）里没有可读的 MyLife 记录（{reason}），已跳过。",
        "en": "Warning: Memorix memory #{obs} ({key}) holds no readable MyLife record ({reason}); skipped.",
    },
    "memorix.duplicate_key": {
        "zh": "警告：Memorix 中 {id} 有不止一条记忆；采用最新的一条。",
        "en": "Warning: Memorix holds more than one memory for {id}; the newest is used.",
    },
    "graph.bad_observation": {
        "zh": "警告：知识图谱里实体 {entity} 的一条观察无法读成 MyLife claim（{reason}），已跳过。",
        "en": "Warning: an observation of entity {entity} in the knowledge graph is not a readable MyLife claim ({reason}); skipped.",
    },
    "graph.duplicate_claim": {
        "zh": "警告：知识图谱中 {id} 出现了不止一次；采用更新时间最新的一条。",
        "en": "Warning: {id} appears more than once in the knowledge graph; the most recently updated is used.",
    },
    # ---- commands ---------------------------------------------------------------------------------
    "help.store": {
        "zh": "L2 证据存放在哪里：查看状态、安装外部后端、在后端之间迁移。L0 原话与 L3 档案始终留在工作区文件里。",
        "en": "Where L2 claims live: status, installing external backends, migrating between them. L0 and L3 always stay in the workspace files.",
    },
    "help.store.status": {
        "zh": "列出所有证据存储后端，标出当前使用的一个，显示外部后端是否已安装、索引里有多少条、有没有被外部删除的 claim。\n\n"
              "例：mylife store status\n    mylife store status --verify   # 启动服务器，从后端重新读取核对",
        "en": "List every claim-store backend, mark the one in use, and show whether external ones are installed, how many "
              "claims their index holds and whether any vanished.\n\nExample: mylife store status --verify",
    },
    "help.store.setup": {
        "zh": "安装外部后端锁定版本的 npm 包（npm ci，需要 Node.js 20+），默认装到 ~/.cache/mylife/node/<后端>。\n\n"
              "例：mylife store setup memorix\n    mylife store setup graph",
        "en": "Install an external backend's locked npm packages (npm ci; needs Node.js 20+), by default into "
              "~/.cache/mylife/node/<backend>.\n\nExample: mylife store setup memorix",
    },
    "help.store.migrate": {
        "zh": "把全部 L2 证据无损迁移到另一个后端（id、状态、出处指针完全不变），逐条核对后才切换配置；"
              "失败时旧存储继续生效，什么都不会丢。旧数据保留在原处。\n\n"
              "例：mylife store migrate --to memorix\n    mylife store migrate --to files",
        "en": "Move every L2 claim to another backend losslessly (same ids, statuses and pointers), checking each one "
              "before switching the configuration; on failure the old store stays in force and nothing is lost. The "
              "old data is left in place.\n\nExample: mylife store migrate --to memorix",
    },
    "help.store.status.short": {"zh": "各后端的状态与当前使用的后端", "en": "Backends and the one in use"},
    "help.store.setup.short": {"zh": "安装外部后端的 npm 包", "en": "Install an external backend's npm packages"},
    "help.store.migrate.short": {"zh": "把 L2 无损迁移到另一个后端", "en": "Move L2 to another backend losslessly"},
    "help.graph.export.short": {"zh": "导出知识图谱以便检查", "en": "Export the knowledge graph for inspection"},
    "help.opt.store_verify": {"zh": "启动服务器，从后端重新读取并核对索引", "en": "start the server and re-read the backend to check the index"},
    "help.opt.store_into": {"zh": "安装到这个文件夹（默认 ~/.cache/mylife/node/<后端>）", "en": "install into this folder (default ~/.cache/mylife/node/<backend>)"},
    "help.opt.store_to": {"zh": "目标后端：files、memorix、graph……", "en": "target backend: files, memorix, graph..."},
    "store.status_installed": {"zh": "已安装 {version}：{script}", "en": "installed {version}: {script}"},
    "store.status_claims": {"zh": "{n} 条 claim（数据在 {folder}）", "en": "{n} claims (data in {folder})"},
    "store.status_startup": {"zh": "服务器启动耗时 {seconds} 秒", "en": "server start-up took {seconds}s"},
    "store.status_vanished": {"zh": "已从后端消失：{id} {text}", "en": "vanished from the backend: {id} {text}"},
    "store.status_configured": {"zh": "当前 L2 存储：{name}", "en": "L2 store in use: {name}"},
    "store.setup_done": {"zh": "{backend} 已安装（{version}）：{folder}", "en": "{backend} installed ({version}): {folder}"},
    "store.migrate_progress": {"zh": "已迁移 {done}/{total}", "en": "migrated {done}/{total}"},
    "store.migrated": {
        "zh": "已把 {claims} 条 claim 从「{from}」迁移到「{to}」（新写入 {copied}，更新 {updated}，已一致 {skipped}），逐条核对无误；当前 L2 存储：{to}。",
        "en": "Moved {claims} claims from '{from}' to '{to}' ({copied} copied, {updated} updated, {skipped} already identical), each one checked; L2 now lives in '{to}'.",
    },
    "store.migrate_old_data": {
        "zh": "「{name}」的旧数据仍保留在 {folder}，确认无误后可自行删除或归档。",
        "en": "The old data of '{name}' is still in {folder}; delete or archive it once you are satisfied.",
    },
    "help.graph": {"zh": "知识图谱后端（mylife-graph）的工具。", "en": "Tools of the knowledge-graph backend (mylife-graph)."},
    "help.graph.export": {
        "zh": "把知识图谱（主题、人物、claim 观察、取代/矛盾关系）按服务器里的实际内容导出，便于检查。\n\n"
              "例：mylife graph export                       # Markdown 输出到屏幕\n"
              "    mylife graph export -f dot -o graph.dot   # 再用 dot -Tsvg graph.dot > graph.svg 画图\n"
              "    mylife graph export -f json -o graph.json",
        "en": "Export the knowledge graph (topics, people, claim observations, supersedes/contradicts relations) as the "
              "server holds it, for inspection.\n\nExample: mylife graph export -f dot -o graph.dot",
    },
    "help.opt.graph_format": {"zh": "导出格式", "en": "export format"},
    "help.opt.graph_output": {"zh": "写入这个文件（默认输出到屏幕）", "en": "write to this file (default: the screen)"},
    "graph.exported": {
        "zh": "已导出到 {path}：{topics} 个主题、{claims} 条 claim、{entities} 个实体、{relations} 条关系。",
        "en": "Exported to {path}: {topics} topics, {claims} claims, {entities} entities, {relations} relations.",
    },
}
