"""What a player builds: model profiles, the armoury of weapons, and what each costs in points."""
