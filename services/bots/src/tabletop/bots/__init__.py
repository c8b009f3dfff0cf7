"""The bots service: workers on one durable JetStream consumer; when a bot
seat must act after a commit, a policy picks a legal move and the rules
service lands it once (the command id is derived from game, seq and seat)."""
