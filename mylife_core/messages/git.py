"""Strings of the optional git history and its privacy guard (``mylife git ...``, seed §2.3)."""

MESSAGES: dict[str, dict[str, str]] = {
    # ---- help ------------------------------------------------------------------------------------
    "help.git": {
        "zh": "可选的 git 历史：每次 MyLife 写入都自动提交；推送前强制检查远端是否私有。\n\n"
              "⚠ 请务必使用私有仓库。档案里有月收入、贷款、健康与心理状态、对工作的不满；"
              "推送到公开仓库是不可逆的泄露。MyLife 在每次推送前都会以「陌生人」身份（不带任何凭据）"
              "试读远端：能读到就拒绝推送；无法确认私有时，自动推送一律不推，手动推送需在那一次明确加 "
              "--allow-unverified。\n\n"
              "\b\n例：\n"
              "  mylife git enable                            # 开启历史（cache/ 永不提交）\n"
              "  mylife git enable --minimal --keep profile   # 只保留原话、配置和档案\n"
              "  mylife git remote add git@github.com:你的用户名/mylife-private.git\n"
              "  mylife git remote add /Volumes/备份盘/mylife.git   # 本机或移动硬盘上的仓库\n"
              "  mylife git push\n"
              "  mylife git status",
        "en": "Optional git history: every MyLife write is committed; every push is checked for privacy first.\n\n"
              "⚠ Always use a PRIVATE repository (请务必使用私有仓库). The workspace holds income, loans, health, "
              "mental state and doubts about your job; pushing it to a public repository is an irreversible leak. "
              "Before every push MyLife reads the remote as a stranger would (no credentials at all): if that "
              "works, the push is refused; if privacy cannot be confirmed, automatic pushes never happen and a "
              "manual push needs --allow-unverified on that very push.\n\n"
              "\b\nExamples:\n"
              "  mylife git enable\n"
              "  mylife git enable --minimal --keep profile\n"
              "  mylife git remote add git@github.com:you/mylife-private.git\n"
              "  mylife git remote add /Volumes/backup/mylife.git\n"
              "  mylife git push\n"
              "  mylife git status",
    },
    "help.git.enable": {
        "zh": "开启 git 历史：把工作区变成 git 仓库（已有则沿用），写入 .gitignore 模板"
              "（cache/ 和疑似密钥文件永不提交），提交当前状态；之后每次写入都会自动提交。"
              "再次运行可修改保留哪些层。\n\n"
              "--minimal 只保留原话（raw/）、配置，以及用 --keep 选择的层"
              "（digest claims profile index audit sessions skills backends）。\n\n"
              "例：mylife git enable --minimal --keep profile --keep index",
        "en": "Turn git history on: make the workspace a git repository (or adopt the one there), write the "
              ".gitignore template (cache/ and secret-looking files never committed) and commit the current "
              "state; from then on every write is committed. Run again to change which layers are kept.\n\n"
              "--minimal keeps only your words (raw/), the config, and the layers chosen with --keep "
              "(digest claims profile index audit sessions skills backends).\n\n"
              "Example: mylife git enable --minimal --keep profile --keep index",
    },
    "help.git.short.enable": {"zh": "开启 git 历史并提交当前状态", "en": "turn history on and commit the current state"},
    "help.git.short.disable": {"zh": "停止自动提交（历史保留）", "en": "stop committing writes (history stays)"},
    "help.git.short.status": {"zh": "历史、远端与隐私检查结果", "en": "history, remotes and their privacy verdicts"},
    "help.git.short.commit": {"zh": "补提交尚未提交的改动", "en": "commit what is still uncommitted"},
    "help.git.short.remote": {"zh": "添加/删除远端（⚠ 请务必使用私有仓库）", "en": "add/remove a remote (⚠ private only)"},
    "help.git.short.check": {"zh": "现在检查远端能否被匿名读取", "en": "check now whether the remote is readable anonymously"},
    "help.git.short.push": {"zh": "隐私检查后推送", "en": "push, after the privacy check"},
    "help.git.short.auto_push": {"zh": "提交后自动推送（仅限已确认私有的远端）", "en": "push after commits (verified-private remotes only)"},
    "help.git.opt.minimal": {"zh": "只保留原话、配置和 --keep 选择的层（敏感的派生文件不进历史）",
                             "en": "keep only raw/, the config and the layers chosen with --keep"},
    "help.git.opt.all": {"zh": "保留所有层（默认；cache/ 除外）", "en": "keep every layer (default; never cache/)"},
    "help.git.opt.keep": {"zh": "--minimal 时额外保留的层，可重复或用逗号分隔",
                          "en": "layer to keep with --minimal; repeat or separate with commas"},
    "help.git.disable": {"zh": "停止自动提交（.git 与历史保留，推送前的隐私检查也保留）。",
                         "en": "Stop committing writes (.git and its history stay, and so does the push guard)."},
    "help.git.status": {
        "zh": "显示历史是否开启、当前分支与提交、未提交的改动、远端及其隐私检查结果和检查时间。",
        "en": "Show whether history is on, the branch and commit, uncommitted changes, remotes with their "
              "privacy verdict and when it was checked.",
    },
    "help.git.commit": {
        "zh": "把尚未提交的改动补提交（例如 git 曾失败，或你手动编辑了档案）。"
              "被改动的原话文件、被改写的原话清单、疑似含密钥的文件不会提交。\n\n例：mylife git commit -m \"手动整理档案\"",
        "en": "Commit what is still uncommitted (git failed earlier, or you edited a file by hand). Changed raw "
              "files, a rewritten raw manifest and files that look like they hold a secret are never committed.",
    },
    "help.git.opt.message": {"zh": "提交说明", "en": "commit message"},
    "help.git.remote": {"zh": "添加或删除远端。⚠ 请务必使用私有仓库。", "en": "Add or remove a remote. ⚠ Always use a private repository."},
    "help.git.remote.add": {
        "zh": "添加远端（MyLife 之后推送到这里）。会先匿名试读该仓库：能读到（公开）就拒绝添加；"
              "然后用大白话说明后果，要求你输入 private 确认（只按回车不算）。"
              "脚本可用 --confirm-private，警告仍会打印。本机路径或 file:// 也可以。\n\n"
              "⚠ 请务必使用私有仓库。\n\n"
              "例：mylife git remote add https://gitee.com/你的用户名/mylife.git\n\n"
              "  mylife git remote add ~/备份/mylife.git",
        "en": "Add a remote (MyLife pushes there). It is first read anonymously: if that works (public), it is "
              "refused; then the consequences are spelled out and you must type 'private' (Enter alone does not "
              "count). Scripts may pass --confirm-private; the warning is still printed. Local paths and file:// "
              "work too.\n\n⚠ Always use a private repository.",
    },
    "help.git.opt.name": {"zh": "远端名称（默认 origin）", "en": "remote name (default origin)"},
    "help.git.opt.confirm": {"zh": "不询问，直接确认这是私有仓库（用于脚本；仍会打印警告）",
                             "en": "confirm it is private without asking (for scripts; the warning is still printed)"},
    "help.git.remote.remove": {"zh": "删除远端（不影响本地历史）。", "en": "Remove a remote (local history is unaffected)."},
    "help.git.check": {
        "zh": "现在就以匿名身份检查远端是否可被读取，并记录结果与时间（不推送）。",
        "en": "Check now whether the remote can be read anonymously, and record the verdict and time (no push).",
    },
    "help.git.push": {
        "zh": "推送当前分支。每次推送前都会重新匿名试读远端：公开则拒绝；无法确认（网络不通、"
              "未知主机类型）则拒绝，除非这一次明确加上 --allow-unverified（警告仍会打印）。\n\n"
              "例：mylife git push\n\n  mylife git push --allow-unverified   # 仅限你确认过是私有的仓库",
        "en": "Push the current branch. Before every push the remote is read anonymously again: public is "
              "refused; unconfirmed (network down, unknown host type) is refused unless this very push says "
              "--allow-unverified (the warning is still printed).",
    },
    "help.git.opt.remote": {"zh": "推送到哪个远端（默认用 git.remote 设置）", "en": "which remote (default: the git.remote setting)"},
    "help.git.opt.allow_unverified": {
        "zh": "无法确认私有时仍推送这一次（公开仓库永远拒绝）",
        "en": "push this once even though privacy cannot be confirmed (public is always refused)",
    },
    "help.git.opt.auto": {"zh": "自动推送模式（从不越过隐私检查）", "en": "automatic mode (never overrides the check)"},
    "help.git.auto_push": {
        "zh": "开启或关闭提交后的自动推送。只有远端经检查为私有或本机路径时才能开启；"
              "每次自动推送前都会重新检查，无法确认时不推送。\n\n例：mylife git auto-push on",
        "en": "Turn pushing after commits on or off. It can only be turned on for a remote verified private or "
              "local; every automatic push checks again and does not push when privacy cannot be confirmed.",
    },
    "help.git.guard_push": {"zh": "（由 pre-push 钩子调用）推送前的隐私检查。", "en": "(called by the pre-push hook) the privacy check before a push."},

    # ---- errors ----------------------------------------------------------------------------------
    "error.git_missing": {
        "zh": "没有找到 git。请先安装 git（https://git-scm.com），或用环境变量 MYLIFE_GIT 指向它。",
        "en": "git was not found. Install git (https://git-scm.com) or point MYLIFE_GIT at it.",
    },
    "error.git_failed": {"zh": "git 操作失败：{command}：{reason}", "en": "git failed: {command}: {reason}"},
    "error.git_timeout": {"zh": "git 操作超过 {seconds} 秒未完成，已停止：{command}", "en": "git took longer than {seconds}s and was stopped: {command}"},
    "error.git_not_enabled": {
        "zh": "这个工作区还没有开启 git 历史。先运行 `mylife git enable`。",
        "en": "Git history is not on for this workspace. Run `mylife git enable` first.",
    },
    "error.git_repo_missing": {
        "zh": "配置里开启了 git 历史，但 {path}/.git 不存在（被删除或移动了？）。运行 `mylife git enable` 重新建立历史。",
        "en": "Git history is on in the config but {path}/.git is missing (deleted or moved?). Run `mylife git enable` to start history again.",
    },
    "error.git_bad_url": {"zh": "这不是有效的仓库地址：{url}", "en": "Not a valid repository address: {url}"},
    "error.git_url_has_password": {
        "zh": "地址里带有密码或令牌（{url}）。不要把令牌写进地址：它会留在配置、命令历史和日志里。"
              "请去掉 “用户名:令牌@” 部分，改用 git 的凭据助手（git credential）或 SSH 密钥，然后重试。",
        "en": "The address carries a password or token ({url}). Never put a token in a URL: it stays in configs, "
              "shell history and logs. Remove the 'user:token@' part and use a git credential helper or an SSH key.",
    },
    "error.git_remote_exists": {
        "zh": "已有名为 {name} 的远端。换一个 --name，或先 `mylife git remote remove {name}`。",
        "en": "A remote named {name} already exists. Choose another --name or run `mylife git remote remove {name}` first.",
    },
    "error.git_remote_inside_workspace": {
        "zh": "远端不能放在工作区里面（{path}）：它会被当成工作区内容提交进历史。请选工作区以外的文件夹，比如移动硬盘。",
        "en": "A remote cannot live inside the workspace ({path}): it would be committed as workspace content. Choose a folder outside it, e.g. on an external drive.",
    },
    "error.git_bad_remote_name": {"zh": "远端名称无效：{name}", "en": "Invalid remote name: {name}"},
    "error.git_remote_missing": {"zh": "没有名为 {name} 的远端。运行 `mylife git status` 查看已有远端。", "en": "No remote named {name}. Run `mylife git status` to see the remotes."},
    "error.git_no_remote": {
        "zh": "还没有远端。用 `mylife git remote add 地址` 添加一个（⚠ 请务必使用私有仓库）。",
        "en": "No remote yet. Add one with `mylife git remote add URL` (⚠ always use a private repository).",
    },
    "error.git_which_remote": {"zh": "有多个远端（{names}），请用 --remote 指定。", "en": "Several remotes ({names}); choose one with --remote."},
    "error.git_remote_public": {
        "zh": "拒绝添加：{url} 不需要任何凭据就能读取，也就是公开仓库。\n"
              "  推送到这里，任何人都能看到你的收入、健康和心理状态，而且无法收回。\n"
              "  解决办法：在托管平台把它改成私有（GitHub：Settings → General → Danger Zone → Change visibility → "
              "Private；Gitee：管理 → 仓库设置 → 是否开源 → 私有；GitLab：Settings → General → Visibility → Private），"
              "或改用本机/移动硬盘上的仓库（如 `git init --bare ~/备份/mylife.git`），然后重试。",
        "en": "Refused: {url} can be read without any credentials, so it is public.\n"
              "  Pushing there would show your income, health and state of mind to anyone, irreversibly.\n"
              "  Fix: make it private on the host (GitHub: Settings → General → Danger Zone → Change visibility → "
              "Private; GitLab: Settings → General → Visibility → Private), or use a repository on this computer or "
              "an external drive (e.g. `git init --bare ~/backup/mylife.git`), then retry.",
    },
    "error.git_push_public": {
        "zh": "拒绝推送：远端 {remote}（{url}）不需要任何凭据就能读取，是公开仓库。\n"
              "  解决办法：在托管平台把它改成私有（GitHub：Settings → General → Danger Zone → Change visibility → "
              "Private；Gitee：管理 → 仓库设置 → 是否开源 → 私有），或改用本机/移动硬盘上的仓库"
              "（`mylife git remote remove {remote}` 后 `mylife git remote add ~/备份/mylife.git`）。\n"
              "  如果之前已推送过，请当作内容已经泄露处理。此项检查不能跳过。",
        "en": "Push refused: remote {remote} ({url}) can be read without any credentials; it is public.\n"
              "  Fix: make it private on the host, or use a repository on this computer or an external drive "
              "(`mylife git remote remove {remote}`, then `mylife git remote add ~/backup/mylife.git`).\n"
              "  If you pushed there before, treat that content as leaked. This check cannot be skipped.",
    },
    "error.git_push_unverified": {
        "zh": "拒绝推送：无法确认远端 {remote}（{url}）是私有的（{reason}）。\n"
              "  如果你确定它是只有你能访问的私有仓库，在这一次推送中明确加上 --allow-unverified："
              "`mylife git push --allow-unverified`。自动推送在这种情况下永远不会推送。",
        "en": "Push refused: cannot confirm that remote {remote} ({url}) is private ({reason}).\n"
              "  If you are sure only you can read it, say so for this push: `mylife git push --allow-unverified`. "
              "Automatic pushes never push in this case.",
    },
    "error.git_hook_unverified": {
        "zh": "MyLife 拒绝了这次 git push：无法确认远端 {remote}（{url}）是私有的（{reason}）。\n"
              "  如果你确定它只有你能访问，只为这一次推送设置：`MYLIFE_ALLOW_UNVERIFIED=1 git push`。",
        "en": "MyLife refused this git push: cannot confirm that remote {remote} ({url}) is private ({reason}).\n"
              "  If you are sure only you can read it, for this push only: `MYLIFE_ALLOW_UNVERIFIED=1 git push`.",
    },
    "error.git_autopush_unverified": {
        "zh": "自动推送未执行：无法确认远端 {remote}（{url}）是私有的（{reason}）。自动推送从不越过隐私检查；"
              "请手动运行 `mylife git push`。",
        "en": "Automatic push skipped: cannot confirm that remote {remote} ({url}) is private ({reason}). Automatic "
              "pushes never override the check; run `mylife git push` yourself.",
    },
    "error.git_nothing_to_push": {"zh": "还没有任何提交可以推送。", "en": "There is no commit to push yet."},
    "error.git_push_failed": {"zh": "推送到 {remote} 失败：{reason}", "en": "Push to {remote} failed: {reason}"},
    "error.git_not_confirmed": {
        "zh": "没有确认，未添加远端。需要输入 private（不是只按回车）。",
        "en": "Not confirmed; the remote was not added. Type 'private' (Enter alone does not count).",
    },
    "error.git_confirm_needed": {
        "zh": "需要你输入 private 确认，但没有读到输入。交互使用时请在终端里输入；脚本里可加 --confirm-private（警告仍会打印）。",
        "en": "Confirmation needed but no input was read. Type 'private' in a terminal, or pass --confirm-private in scripts (the warning is still printed).",
    },
    "error.git_autopush_not_private": {
        "zh": "不能开启自动推送：远端 {remote} 的隐私检查结果是「{verdict}」。只有检查为私有或本机路径的远端才能自动推送。",
        "en": "Cannot turn automatic push on: remote {remote} was found '{verdict}'. Only remotes verified private or local can be pushed to automatically.",
    },
    "error.git_bad_layer": {
        "zh": "没有这一层：{name}。可选：digest claims profile index audit sessions skills backends。",
        "en": "No such layer: {name}. Choose from: digest claims profile index audit sessions skills backends.",
    },
    "error.git_keep_needs_minimal": {
        "zh": "--keep 只和 --minimal 一起使用（默认已保留所有层）。",
        "en": "--keep goes with --minimal (by default every layer is kept).",
    },
    "error.git_guard_refused": {"zh": "MyLife 隐私检查拒绝了这次推送。", "en": "MyLife's privacy check refused this push."},

    # ---- verdicts, reasons, notes ---------------------------------------------------------------
    "git.verdict.public": {"zh": "公开（任何人都能读取）", "en": "public (anyone can read it)"},
    "git.verdict.private": {"zh": "私有（需要凭据才能读取）", "en": "private (credentials required)"},
    "git.verdict.unknown": {"zh": "无法确认", "en": "cannot be confirmed"},
    "git.verdict.local": {"zh": "本机路径", "en": "local path"},
    "git.verdict.unchecked": {"zh": "尚未检查", "en": "not checked yet"},
    "git.reason.anonymous_read": {"zh": "不带凭据读取成功", "en": "an anonymous read succeeded"},
    "git.reason.auth_required": {"zh": "服务器要求身份验证", "en": "the server demands authentication"},
    "git.reason.unreachable": {"zh": "连不上服务器（网络不通或主机不可达）", "en": "the server could not be reached"},
    "git.reason.timeout": {"zh": "检查超时", "en": "the check timed out"},
    "git.reason.not_found": {"zh": "服务器说找不到这个仓库（可能不存在，或对陌生人隐藏）", "en": "the server says the repository does not exist (or hides it from strangers)"},
    "git.reason.ssh_key_only": {
        "zh": "SSH 服务器对所有人都要求密钥，无法据此判断仓库是否公开",
        "en": "the SSH server asks everyone for a key, which says nothing about whether the repository is public",
    },
    "git.reason.helper": {"zh": "这种远端类型（transport::地址）无法匿名检查", "en": "a remote helper (transport::address) cannot be checked anonymously"},
    "git.reason.unsupported": {"zh": "不支持检查这种协议", "en": "this protocol cannot be checked"},
    "git.reason.unrecognised": {"zh": "无法识别服务器的回应", "en": "the server's answer was not recognised"},
    "git.reason.url_changed": {"zh": "地址在上次检查后改过", "en": "the URL changed since the last check"},
    "git.reason.local_world_readable": {"zh": "本机上任何用户都能读取这个文件夹（所有人可读，上级文件夹都可进入）",
                                        "en": "every user of this computer can read this folder (world-readable, every parent folder open)"},
    "git.reason.git_daemon_export": {"zh": "git daemon 对外提供这个仓库（有 git-daemon-export-ok 文件，或 git daemon --export-all 正在服务它）",
                                     "en": "git daemon serves this repository (a git-daemon-export-ok file, or a running git daemon --export-all covers it)"},
    "git.reason.local_path": {"zh": "本机上的文件夹", "en": "a folder on this computer"},
    "git.note.local": {
        "zh": "提示：这是本机上的文件夹，不会上传到网络；但能访问这台电脑或这块硬盘的人都能读到它，请妥善保管。",
        "en": "Note: this is a folder on this computer; nothing goes over the network, but anyone with access to this computer or drive can read it.",
    },
    "git.note.local_missing": {"zh": "提示：该文件夹还不存在。", "en": "Note: that folder does not exist yet."},
    "git.note.local_created": {"zh": "已在 {path} 创建空的私有裸仓库（权限 700）。", "en": "Created an empty private bare repository at {path} (mode 700)."},
    "git.note.local_shared": {
        "zh": "注意：这台电脑上的其他用户也能读取该文件夹。建议运行 `chmod -R go-rwx 路径`。",
        "en": "Careful: other users of this computer can read that folder. Consider `chmod -R go-rwx PATH`.",
    },
    "git.note.local_synced": {
        "zh": "注意：该文件夹看起来在网盘同步目录里，内容会被上传到网盘服务商。请确认这是你接受的。",
        "en": "Careful: that folder looks like it is inside a cloud-sync folder; its content will be uploaded to that provider.",
    },

    # ---- remote add: consequences ----------------------------------------------------------------
    "git.consequences": {
        "zh": "⚠ 请务必使用私有仓库。\n"
              "你要把 MyLife 工作区的历史推送到：{url}\n"
              "这意味着：\n"
              "  • 推送的内容包括你的原话（raw/，一字不改）和：{layers}。"
              "其中可能有月收入、贷款、健康和心理状态、对工作的不满。\n"
              "  • git 会保存全部历史：以后即使删掉文件，旧版本仍在历史里；一旦推送出去就无法收回。\n"
              "  • 如果这个仓库是公开的，任何人都能看到这些内容，还会被搜索引擎和爬虫复制——泄露不可逆。\n"
              "  • MyLife 每次推送前都会以陌生人身份（不带任何凭据）试读这个仓库：能读到就拒绝推送；"
              "无法确认时，自动推送一律不推，手动推送需要在那一次明确加 --allow-unverified。\n"
              "隐私检查：{verdict}（{reason}）",
        "en": "⚠ Always use a PRIVATE repository.\n"
              "You are about to push your MyLife history to: {url}\n"
              "This means:\n"
              "  • What is pushed: your own words (raw/, verbatim) and: {layers}. That may include your income, "
              "loans, health, state of mind and doubts about your job.\n"
              "  • git keeps all history: a file deleted later is still in the history; what is pushed cannot be taken back.\n"
              "  • If the repository is public, anyone can read all of it, and search engines and crawlers will copy it: "
              "the leak is irreversible.\n"
              "  • Before every push MyLife reads the repository as a stranger (no credentials): if that works, the push "
              "is refused; if privacy cannot be confirmed, automatic pushes never happen and a manual push needs "
              "--allow-unverified on that push.\n"
              "Privacy check: {verdict} ({reason})",
    },
    "git.consequences.unknown": {
        "zh": "  ⚠ 现在无法确认它是私有的：在能确认之前，自动推送不会进行，手动推送需要 --allow-unverified。",
        "en": "  ⚠ Its privacy cannot be confirmed now: until it can, automatic pushes will not happen and manual pushes need --allow-unverified.",
    },
    "git.confirm_prompt": {
        "zh": "如果这是只有你能访问的私有仓库，请输入 private 确认（输入其他内容或直接回车则取消）：",
        "en": "If only you can access this repository, type 'private' to confirm (anything else, or Enter, cancels): ",
    },
    "git.confirmed_by_flag": {"zh": "（已用 --confirm-private 确认。）", "en": "(Confirmed with --confirm-private.)"},
    "git.remote_added": {"zh": "✓ 已添加远端 {name}：{url}。MyLife 将推送到这里。", "en": "✓ Added remote {name}: {url}. MyLife pushes there."},
    "git.remote_removed": {"zh": "✓ 已删除远端 {name}。", "en": "✓ Removed remote {name}."},
    "git.layers.all": {"zh": "摘要、证据、档案、反查链、审计日志、会话、技能", "en": "digests, claims, profile, chains, audit log, sessions, skills"},
    "git.layers.none": {"zh": "配置（不含其他层）", "en": "the config (no other layer)"},

    # ---- progress and results ------------------------------------------------------------------
    "git.checking": {"zh": "正在以匿名身份（不带任何凭据）检查 {url} 能否被读取……", "en": "Checking whether {url} can be read anonymously (no credentials)..."},
    "git.check_result": {"zh": "{name}：{verdict}（{reason}）", "en": "{name}: {verdict} ({reason})"},
    "git.enabled": {"zh": "✓ git 历史已开启：{root}", "en": "✓ Git history is on: {root}"},
    "git.enabled_created": {"zh": "  新建了 git 仓库（分支 {branch}），已提交当前状态：{files} 个文件。", "en": "  Created a git repository (branch {branch}) and committed the current state: {files} files."},
    "git.enabled_adopted": {"zh": "  沿用已有的 git 仓库（分支 {branch}），已提交当前状态：{files} 个文件。", "en": "  Adopted the existing git repository (branch {branch}) and committed the current state: {files} files."},
    "git.enabled_updated": {"zh": "  设置已更新，历史中现有 {files} 个文件。", "en": "  Settings updated; history now holds {files} files."},
    "git.enabled_track": {"zh": "  保留的层：原话、配置，以及 {layers}。cache/ 永不提交。", "en": "  Kept: your words, the config, and {layers}. cache/ is never committed."},
    "git.enabled_next": {
        "zh": "  之后每次写入都会自动提交。要备份到别处：`mylife git remote add 地址`（⚠ 请务必使用私有仓库）。",
        "en": "  From now on every write is committed. To back it up elsewhere: `mylife git remote add URL` (⚠ always use a private repository).",
    },
    "git.enabled_remotes": {
        "zh": "  这个仓库已有远端：{names}。推送前 MyLife 会检查它们是否私有；用 `mylife git check` 现在就检查。",
        "en": "  This repository already has remotes: {names}. MyLife checks their privacy before any push; run `mylife git check` to check now.",
    },
    "git.hook_foreign": {
        "zh": "  注意：.git/hooks/pre-push 已有别的钩子，MyLife 没有覆盖它；直接用 git push 时不会经过隐私检查，请用 `mylife git push`。",
        "en": "  Note: .git/hooks/pre-push holds another hook, which MyLife left alone; a plain `git push` skips the privacy check, so use `mylife git push`.",
    },
    "git.held.raw_changed": {"zh": "{file}：与清单记录的内容不一致，未提交（运行 `mylife verify` 查看）", "en": "{file}: differs from what the manifest recorded; not committed (run `mylife verify`)"},
    "git.held.raw_unrecorded": {"zh": "{file}：不是 MyLife 记录的原话文件，未提交", "en": "{file}: not a raw file MyLife recorded; not committed"},
    "git.held.raw_rewritten": {"zh": "{file}：原话文件被改动或删除，历史保留原样，未提交（运行 `mylife verify`）", "en": "{file}: a raw file was changed or deleted; history keeps the original (run `mylife verify`)"},
    "git.held.manifest_rewritten": {"zh": "{file}：原话清单不是只追加的，未提交（运行 `mylife verify`）", "en": "{file}: the raw manifest was not only appended to; not committed (run `mylife verify`)"},
    "git.held.secret_token": {"zh": "{file} 第 {line} 行：看起来像 API 密钥或令牌，该文件未提交。请删除它并作废该密钥", "en": "{file} line {line}: looks like an API key or token; the file was not committed. Remove it and revoke the key"},
    "git.held.secret_setting": {"zh": "{file} 第 {line} 行：配置里写了密钥/密码，该文件未提交。密钥请放在环境变量或 ~/.config/mylife/secrets.env", "en": "{file} line {line}: a key or password in the config; the file was not committed. Keep keys in the environment or ~/.config/mylife/secrets.env"},
    "git.held_title": {"zh": "以下文件没有提交：", "en": "Not committed:"},
    "git.committed": {"zh": "✓ 已提交 {n} 个路径（{commit}）。", "en": "✓ Committed {n} paths ({commit})."},
    "git.nothing_to_commit": {"zh": "没有需要提交的改动。", "en": "Nothing to commit."},
    "git.disabled": {"zh": "✓ 已停止自动提交。.git 和历史都还在；`mylife git enable` 可重新开启。", "en": "✓ Stopped committing writes. .git and its history remain; `mylife git enable` turns it back on."},
    "git.already_disabled": {"zh": "git 历史本来就没有开启。", "en": "Git history was not on."},
    "git.pushed": {"zh": "✓ 已把 {branch} 推送到 {remote}（提交 {commit}）。", "en": "✓ Pushed {branch} to {remote} (commit {commit})."},
    "git.push_up_to_date": {"zh": "✓ {remote} 已是最新（提交 {commit}）。", "en": "✓ {remote} is already up to date (commit {commit})."},
    "git.push_overridden": {
        "zh": "⚠ 无法确认 {remote} 是私有仓库（{reason}）。你用 --allow-unverified 要求只推送这一次；请尽快确认它确实只有你能访问。⚠ 请务必使用私有仓库。",
        "en": "⚠ Cannot confirm that {remote} is private ({reason}). You asked to push this once with --allow-unverified; make sure only you can read it. ⚠ Always use a private repository.",
    },
    "git.autopush_busy": {"zh": "已有自动推送在进行中。", "en": "An automatic push is already running."},
    "git.autopush_on": {"zh": "✓ 已开启自动推送到 {remote}（{verdict}）。每次推送前都会重新检查隐私。", "en": "✓ Automatic push to {remote} is on ({verdict}). Privacy is checked again before every push."},
    "git.autopush_off": {"zh": "✓ 已关闭自动推送。", "en": "✓ Automatic push is off."},

    # ---- status ----------------------------------------------------------------------------------
    "git.status.off": {"zh": "git 历史：未开启（`mylife git enable` 开启；⚠ 请务必使用私有仓库）", "en": "Git history: off (`mylife git enable` turns it on; ⚠ always use a private repository)"},
    "git.status.on": {"zh": "git 历史：已开启", "en": "Git history: on"},
    "git.status.off_with_repo": {"zh": "git 历史：已停止自动提交（仓库仍在）", "en": "Git history: not committing writes (the repository is still there)"},
    "git.status.no_git": {"zh": "没有找到 git 程序。", "en": "git is not installed."},
    "git.status.head": {"zh": "分支 {branch}，{commits} 个提交，最近一次 {at}（{head}）", "en": "branch {branch}, {commits} commits, latest {at} ({head})"},
    "git.status.empty": {"zh": "还没有提交", "en": "no commits yet"},
    "git.status.uncommitted": {"zh": "未提交的改动：{n} 个（`mylife git commit` 补提交）", "en": "uncommitted changes: {n} (`mylife git commit` catches up)"},
    "git.status.owed": {"zh": "待补提交的写入：{n} 个", "en": "writes owed a commit: {n}"},
    "git.status.track": {"zh": "保留的层：原话、配置，以及 {layers}", "en": "kept: your words, the config, and {layers}"},
    "git.status.no_remote": {"zh": "远端：无", "en": "remote: none"},
    "git.status.remote": {"zh": "远端 {name}{marker}：{urls}", "en": "remote {name}{marker}: {urls}"},
    "git.status.remote_marker": {"zh": "（MyLife 推送到这里）", "en": " (MyLife pushes here)"},
    "git.status.privacy": {"zh": "  隐私：{verdict}{reason}，检查于 {when}", "en": "  privacy: {verdict}{reason}, checked {when}"},
    "git.status.reason_paren": {"zh": "（{reason}）", "en": " ({reason})"},
    "git.status.checked_when": {"zh": "{at}（{age}）", "en": "{at} ({age})"},
    "git.status.never_checked": {"zh": "  隐私：尚未检查（`mylife git check`）", "en": "  privacy: not checked yet (`mylife git check`)"},
    "git.status.hook": {"zh": "pre-push 隐私钩子：{state}", "en": "pre-push privacy hook: {state}"},
    "git.status.hook.installed": {"zh": "已安装", "en": "installed"},
    "git.status.hook.foreign": {"zh": "被其他钩子占用（直接 git push 不经检查）", "en": "another hook is there (a plain git push is not checked)"},
    "git.status.hook.missing": {"zh": "未安装（`mylife git enable` 重新安装）", "en": "missing (`mylife git enable` reinstalls it)"},
    "git.status.auto_push": {"zh": "自动推送：{state}", "en": "automatic push: {state}"},
    "git.status.last_auto_push": {"zh": "  上次自动推送：{at}，{result}", "en": "  last automatic push: {at}, {result}"},
    "git.status.last_push": {"zh": "上次推送：{at} 到 {remote}，{result}", "en": "last push: {at} to {remote}, {result}"},
    "git.status.push_ok": {"zh": "成功", "en": "succeeded"},
    "git.status.push_refused": {"zh": "未推送（{error}）", "en": "not pushed ({error})"},
    "git.on": {"zh": "开", "en": "on"},
    "git.off": {"zh": "关", "en": "off"},

    # ---- warnings during writes ------------------------------------------------------------------
    "git.warn_commit_failed": {
        "zh": "⚠ 历史记录暂时没能提交（你的写入已经保存）：{reason}\n  下次提交时会自动补上，也可运行 `mylife git commit`。",
        "en": "⚠ History could not be committed this time (your write is saved): {reason}\n  The next commit catches up; or run `mylife git commit`.",
    },
    "git.warn_repo_missing": {
        "zh": "⚠ git 历史已开启，但 {path}/.git 不见了，这次写入没有进入历史（写入本身已保存）。运行 `mylife git enable` 重新建立历史。",
        "en": "⚠ Git history is on but {path}/.git is missing; this write is not in history (the write itself is saved). Run `mylife git enable` to start history again.",
    },
    "git.warn_previous_failure": {
        "zh": "⚠ 上一次历史提交没有成功（{at}）：{reason}\n  你的写入都已保存，会在下次提交时补上；`mylife git status` 查看详情。",
        "en": "⚠ The last history commit failed ({at}): {reason}\n  Your writes are saved and will be in the next commit; see `mylife git status`.",
    },
    "git.warn_held_back": {
        "zh": "⚠ {file}（第 {line} 行）看起来含有密钥或被改动过，没有提交进历史。运行 `mylife git commit` 查看原因。",
        "en": "⚠ {file} (line {line}) looks like it holds a secret or was altered; it was not committed. Run `mylife git commit` for details.",
    },

    # ---- verify ----------------------------------------------------------------------------------
    "git.verify.repo_missing": {"zh": "git 历史已开启，但 {path}/.git 不存在，无法与历史核对", "en": "git history is on but {path}/.git is missing; cannot compare with history"},
    "git.verify.unreadable": {"zh": "无法读取 git 历史：{reason}", "en": "cannot read git history: {reason}"},
    "git.verify.raw_missing": {"zh": "原始文件在 git 历史中有，但现在不见了：{file}（可用 `git checkout HEAD -- {file}` 找回）", "en": "raw file is in git history but missing now: {file} (restore with `git checkout HEAD -- {file}`)"},
    "git.verify.raw_unreadable": {"zh": "原始文件无法读取：{file}（{reason}）", "en": "raw file unreadable: {file} ({reason})"},
    "git.verify.raw_changed": {"zh": "原始文件与 git 历史不一致：{file}（与 {date} 的提交 {commit} 不同；`git diff HEAD -- {file}` 查看差异）", "en": "raw file differs from git history: {file} (differs from commit {commit} of {date}; see `git diff HEAD -- {file}`)"},
    "git.verify.raw_deleted_in_history": {"zh": "git 历史中有提交删除了原始文件：{file}（提交 {commit}，{date}）", "en": "a commit in git history deleted a raw file: {file} (commit {commit}, {date})"},
    "git.verify.raw_rewritten_in_history": {"zh": "git 历史中有提交改写了原始文件：{file}（提交 {commit}，{date}）", "en": "a commit in git history rewrote a raw file: {file} (commit {commit}, {date})"},
    "git.verify.manifest_changed": {"zh": "原话清单与 git 历史不一致：已提交的内容不是现在内容的开头（清单只允许追加）：{file}", "en": "the raw manifest differs from git history: the committed content is not a prefix of the current one (append-only): {file}"},
    "git.verify.manifest_rewritten": {"zh": "git 历史中有提交删除了原话清单里的记录：{file}（提交 {commit}，{date}）", "en": "a commit in git history removed entries from the raw manifest: {file} (commit {commit}, {date})"},
}
