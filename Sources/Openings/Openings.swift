// Openings: see README's architecture section.
