// UCIProtocolExport: the UCI values (commands, replies, info, scores) are UCIProtocol's; this module's users see them here too.
@_exported import UCIProtocol
