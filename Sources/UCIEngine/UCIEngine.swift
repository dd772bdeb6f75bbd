// UCIEngine: see README's architecture section.
