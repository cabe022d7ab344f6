"""The register's pages, by feature: finding players, keeping records, privacy."""
