"""The gateway: the HTTP and WebSocket API game frontends talk to. It signs
guests in, acts only for the caller's own seat, shows only the caller's own
view, and reaches every other service over NATS."""
