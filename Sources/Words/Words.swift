// Words: see README's architecture section.
