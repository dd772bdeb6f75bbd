// BundleStore: see README's architecture section.
