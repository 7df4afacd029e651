"""Self-play: bots and the simulator."""
