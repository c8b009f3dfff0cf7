"""The matchmaking service: queues per (game, players, options), first come
first served, bots fill empty seats after a wait; tickets in JetStream KV."""
