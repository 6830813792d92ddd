"""The Discord layer: the services of the running bot below the command groups (``cogs/``).

The publishing queue (``publisher``), live hands and turn pings (``live``), pictures and card emojis
(``media``, ``attach``), the table message (``table_message``), the private hand (``hand``), languages
and the commands' translator (``language``), acknowledging within Discord's 3 s (``acks``), error
reporting (``errors``) and the view components (``ui``, ``replay_controls``, ``board_controls``,
``components``) whose clicks the cogs answer through ``controls``. ``bot.app`` assembles them; what
they need of the bot is ``host.ServiceHost``, what the cogs need ``card_host.CardHost``."""
