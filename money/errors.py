"""What the ledger refuses (docs/design.md#money-is-a-ledger)."""


class LedgerError(ValueError):
    """A settlement the ledger refuses."""


class DuplicateSettlement(LedgerError):
    """This settlement was applied already; applying it again changes nothing."""
