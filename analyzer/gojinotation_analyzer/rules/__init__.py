"""Rule data: the parameters (:mod:`.ruleset`), the named profiles (:mod:`.profiles`) and the
rulebook (:mod:`.rulebook`)."""
