"""Messages added on branch s20b (folded into the catalogs by ``python -m mylife_core.messages.convert``)."""

MESSAGES = {
    # mylife skills: a skill file that cannot be read
    "skills.bad_files_hint": {
        "zh": "修好之前这些文件不生效（同名的其他 Skill，例如插件自带的，会照常生效）；其余 Skill 照常列出。这些文件不会被改写。",
        "en": "Until they are fixed these files are not used (another skill of the same name, e.g. a bundled one, "
              "is used instead); the other skills are listed as usual. The files will not be rewritten.",
    },
}
