"""The archive service: every commit of every game copied into PostgreSQL
exactly once, served back as commits, replayed views and player game lists."""
