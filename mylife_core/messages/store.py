"""Strings of the L2 storage backends: external MCP servers, `mylife store`, `mylife graph`."""

MESSAGES: dict[str, dict[str, str]] = {
    # ---- errors of external backends ---------------------------------------------------------
    "error.backend_start_failed": {
        "zh": "{backend} 服务器没有启动成功：{reason}\n  什么都没有写入。服务器日志（{log_path}）的最后几行：\n{log}\n"
              "  请运行 `mylife store status` 检查安装；需要时运行 `mylife store setup` 重新安装。",
        "en": "The {backend} server did not start: {reason}\n  Nothing was written. Last lines of its log ({log_path}):\n{log}\n"
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
        "zh": "目标后端「{name}」里已经有 {n} 条 claim（例如 {ids}），与当前数据混在一起会出错，所以没有迁移。"
              "如果它们是上次迁移留下的，确认后加 --replace 覆盖目标（当前存储保持不变）。",
        "en": "The target backend '{name}' already holds {n} claims (e.g. {ids}); mixing them with the current data "
              "would be wrong, so nothing was migrated. If they are left over from an earlier migration, add "
              "--replace to overwrite the target (the current store stays as it is).",
    },
    "error.migrate_verify_failed": {
        "zh": "迁移校验失败：{problem}\n  配置没有改动，L2 仍在「{source}」中，没有任何数据丢失。",
        "en": "Migration check failed: {problem}\n  The configuration was not changed; L2 still lives in '{source}' and nothing was lost.",
    },
    "error.graph_store_needed": {
        "zh": "`mylife graph export` 需要 mylife-graph 插件（pip install mylife-graph）。",
        "en": "`mylife graph export` needs the mylife-graph plugin (pip install mylife-graph).",
    },
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
}
