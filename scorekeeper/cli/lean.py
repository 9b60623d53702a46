"""Plain coercion for flags, numbers, text, word lists and paths: start-up without pydantic.

typer 0.2x coerces every option that is not a flag through a pydantic TypeAdapter built on
first use, even when the option is absent; `--home` alone made every command import pydantic,
which costs more than typer and rich together (see benchmarks/startup.py). Flags and text
that arrive as bool and str need no coercion and paths need only typer's own path checks, so
those pass straight through; any other value or option type is left to typer.

This leans on typer's private coercion classes, so it is used only with the typer releases it
was tested against (TESTED_TYPER); with any other typer every option goes through typer's own
public path: the same answers, only slower to start (tests/test_startup.py runs that path).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import typer

TESTED_TYPER = ("0.29",)
"""typer release series (major.minor) whose private `_coercion` this module was tested with:
the suite passes on 0.29.2, and 0.29.0 and 0.29.1 ship the same `_coercion` module. Add a
series only after running the tests on it; .ci/run's smoke test shows when a newer one is out."""


def skip_pydantic(command: Any, *, subcommands: bool = True) -> None:
    """Give the flag, text and path options of `command` (and of its subcommands, unless told
    not to: the root's are given theirs as each is built) lean coercion."""
    plain_param = _plain_param_class()
    if plain_param is None:  # a typer this was not tested with: typer coerces every option
        return
    for param in _params(command, subcommands=subcommands):
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is None or getattr(param, "_runtime_param", True) is not None:
            continue
        info = descriptor.parameter_info
        if descriptor.annotation == list[str]:  # a QUESTION... argument
            param._runtime_param = plain_param(info, descriptor.annotation, descriptor)
            continue
        plain = {
            int: not getattr(info, "clamp", False),
            bool: True,
            str: not (descriptor.is_path or descriptor.is_file or descriptor.is_choice),
            Path: info.path_type in (None, Path),
        }.get(descriptor.annotation, False)
        if plain and getattr(info, "parser", None) is None:
            param._runtime_param = plain_param(info, descriptor.annotation, descriptor)


def is_tested_typer(version: str) -> bool:
    """Whether a typer version (e.g. "0.29.2") belongs to a series this module was tested with."""
    return ".".join(version.split(".")[:2]) in TESTED_TYPER


@cache
def _plain_param_class() -> Any:
    """typer's RuntimeParam with a pass-through for plain values, or None for another typer."""
    if not is_tested_typer(typer.__version__):
        return None
    try:  # typer's private modules, looked for only on the typer series tested with them
        from typer._coercion import RuntimeParam, build_runtime_param  # noqa: PLC0415
        from typer._param_types import coerce_cli_path  # noqa: PLC0415
    except ImportError:
        return None

    @dataclass(frozen=True)
    class PlainParam(RuntimeParam):
        """Values that are already what they should be pass; anything else goes to typer."""

        descriptor: Any = None

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if self.annotation is bool and isinstance(value, bool):
                return value
            if self.annotation is str and isinstance(value, str):
                return value
            if (
                self.annotation == list[str]
                and isinstance(value, list | tuple)
                and all(isinstance(item, str) for item in value)
            ):
                return list(value)
            if self.annotation is int and _is_plain_int(value, self.parameter_info):
                return int(value)
            if self.annotation is Path and isinstance(value, str | Path):
                return coerce_cli_path(
                    Path(value), self.parameter_info, path_type=Path, param=param, ctx=ctx
                )
            return build_runtime_param(self.descriptor)._coerce_value(value, param, ctx)

    return PlainParam


def _is_plain_int(value: Any, info: Any) -> bool:
    """A whole number (or its digits) within the option's bounds; typer reports the rest."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        return False
    try:
        number = int(value)
    except ValueError:
        return False
    low, high = getattr(info, "min", None), getattr(info, "max", None)
    return (low is None or number >= low) and (high is None or number <= high)


def _params(
    command: Any, help_names: list[str] | None = None, *, subcommands: bool = True
) -> list[Any]:
    """Every option of a command (tree), including the help options typer creates lazily."""
    if help_names is None:
        help_names = getattr(command, "context_settings", {}).get("help_option_names", ["--help"])
    params = list(getattr(command, "params", ()))
    try:
        context = command.context_class(command, help_option_names=help_names)
        params.append(command.get_help_option(context))  # created once, then cached
    except (AttributeError, TypeError):
        pass
    if subcommands:
        for sub in getattr(command, "commands", {}).values():
            params += _params(sub, help_names)
    return params
