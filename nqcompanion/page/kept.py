"""What the profile builder and the army builder share to keep a player's several profiles or
armies in the browser (``nq-kept.js``): the list to open one, "New" and "Delete", the modal dialog
that asks before a deletion, the status line that says what was done, and the "Undo" bar.  Each
element's id starts with the builder's own (``nq-army``, ``nq-builder``); its class is the same in
both (styled in ``nq-army.css``)."""

from __future__ import annotations

import html


def kept_html(prefix: str, words: dict[str, str]) -> str:
    """The list of kept items (labelled ``words["listed"]``) with its "New" and "Delete" buttons,
    then :func:`confirm_html`."""
    say = {key: html.escape(text) for key, text in words.items()}
    return (
        '<div class="nq-kept">'
        f'<div class="nq-field"><label for="{prefix}-pick">{say["listed"]}</label>'
        f'<select id="{prefix}-pick"></select></div>'
        '<div class="nq-builder-row">'
        f'<button type="button" id="{prefix}-new">{say["new"]}</button>'
        f'<button type="button" id="{prefix}-delete" aria-haspopup="dialog">{say["delete"]}'
        "</button></div></div>" + confirm_html(prefix, words)
    )


def confirm_html(prefix: str, words: dict[str, str]) -> str:
    """The dialog that asks before an item is deleted (a modal ``dialog``: the keyboard stays in
    it, Escape keeps the item, and a screen reader reads its title and text); its text names the
    item (filled in by the script). "Keep" has the focus: Enter alone deletes nothing.  Then the
    status line and the "Undo" bar, next in the tab order after "Delete"."""
    say = {key: html.escape(text) for key, text in words.items()}
    return (
        f'<dialog class="nq-kept-confirm" id="{prefix}-confirm" '
        f'aria-labelledby="{prefix}-confirm-title" aria-describedby="{prefix}-confirm-text">'
        '<form method="dialog">'
        f'<p class="nq-kept-confirm-title" id="{prefix}-confirm-title">{say["confirm_title"]}</p>'
        f'<p id="{prefix}-confirm-text"></p><div class="nq-builder-row">'
        f'<button type="submit" value="keep" id="{prefix}-confirm-keep" autofocus>'
        f"{say['confirm_keep']}</button>"
        f'<button type="submit" value="delete" id="{prefix}-confirm-delete">'
        f"{say['confirm_delete']}</button>"
        "</div></form></dialog>"
        f'<p class="nq-kept-status" id="{prefix}-status" role="status"></p>'
        f'<p class="nq-not-kept" id="{prefix}-not-kept" role="alert" hidden></p>'
        f'<div class="nq-kept-undo" id="{prefix}-undo" hidden><span id="{prefix}-undo-text"></span>'
        f'<button type="button" id="{prefix}-undo-button">{say["undo"]}</button></div>'
    )
