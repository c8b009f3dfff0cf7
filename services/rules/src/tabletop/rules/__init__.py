"""The rules service: stateless request/reply front of every game's decider."""
