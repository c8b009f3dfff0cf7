"""The event log: hash-chained commits on NATS JetStream, one subject per game."""
