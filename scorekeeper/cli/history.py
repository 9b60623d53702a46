"""`scorekeeper history`: the saved sessions. Each subcommand is defined in a module of its own
(or beside its close kin), imported only to run it: `list` in history_list.py, `show` in
history_show.py, `edit` in edit.py, `delete` and `restore` in history_trash.py, `rescore` in
history_rescore.py and `export` in history_export.py."""

from scorekeeper.cli.common import command_app, lazy_group

SUBCOMMANDS = {
    "list": ("history_list", "List sessions, newest first."),
    "show": (
        "history_show",
        "Show one session: its facts, scores, breakdown and how any tie was settled.",
    ),
    "edit": (
        "edit",
        "Correct a saved game: its answers at the walk-through's review, or the file in an "
        "editor; it is saved again under the same id, the previous version kept in the trash.",
    ),
    "delete": (
        "history_trash",
        "Move sessions to the trash (<data dir>/trash/); `history restore` or `undo` brings "
        "them back.",
    ),
    "restore": (
        "history_trash",
        "Put sessions back from the trash under their names (`history list --trash` shows them).",
    ),
    "rescore": (
        "history_rescore",
        "Score every session again with the current rules; report results that changed, and "
        "the games a different house ruling would change.",
    ),
    "export": (
        "history_export",
        "Write every session's results to stdout, oldest first, as CSV, JSON or a BG Stats "
        "import file (text that a spreadsheet would run as a formula is prefixed with ', "
        "control characters are escaped).",
    ),
}
"""Each subcommand with the module under scorekeeper.cli that defines it and its summary."""

app = command_app(no_args_is_help=True, cls=lazy_group(SUBCOMMANDS))


@app.callback()
def history() -> None:
    """The sessions in the data directory: list, show, re-score, export, delete, restore."""
