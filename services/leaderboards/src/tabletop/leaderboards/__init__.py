"""The leaderboards service: OpenSkill ratings per player and game type,
updated exactly once per finished game, kept as event-sourced aggregates."""
