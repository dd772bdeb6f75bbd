// Pipeline: see README's architecture section.
