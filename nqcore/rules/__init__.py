"""The rules of the game: dice, combat, magic, morale, movement, turns, as exact arithmetic."""
