"""Season cups: a series of tournaments ranked together by cup points (scoring.season)."""
