"""Card-game Discord bot: pure engines in ``bot.games``, tables in ``bot.tables``."""
