"""The workspace's ``config.yaml``: the single definition of what settings exist.

Sections owned by a subsystem (``llm``, ``search``, ``git``, ``plugins``) are kept as mappings
here and validated by that subsystem, so a typo at the top level is caught with its line.
No secret ever belongs here: API keys come from the environment or a secrets file outside
the workspace (docs/configuration.md).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

CONFIG_HEADER = (
    "# MyLife workspace settings. Documented in docs/configuration.md.\n"
    "# Never put API keys here: use the environment or ~/.config/mylife/secrets.env.\n"
)


class DigestSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    keep_both: bool = True  # keep the model's original and the user's revision (docs/design.md#keep-both)


class BranchSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    default: Literal["ask", "split", "continue"] = "ask"  # remembered preference (docs/design.md#branches)


class Config(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mylife_workspace: int = 1  # format version; marks the folder as a workspace
    language: Literal["zh", "en"] = "zh"
    store: str = "files"  # the L2 claim-store backend
    digest: DigestSettings = Field(default_factory=DigestSettings)
    branch: BranchSettings = Field(default_factory=BranchSettings)
    llm: dict[str, Any] = Field(default_factory=dict)
    search: dict[str, Any] = Field(default_factory=dict)
    git: dict[str, Any] = Field(default_factory=dict)
    plugins: dict[str, dict[str, Any]] = Field(default_factory=dict)
