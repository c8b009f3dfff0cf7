"""Running a Tabletop service: settings, health and metrics, clean shutdown,
and the embedded NATS / PostgreSQL servers used by `tabletop up` and tests."""
