"""What services say to each other over NATS: subjects, request/reply models,
and thin clients. Services import this, never each other."""
