"""`manage.py ledger_check`: audit the coin ledger (money.audit); prints each problem and exits
1, or prints OK and exits 0. CI runs it on the database a fault test leaves with settled hands."""
from django.core.management.base import BaseCommand, CommandError

from money.audit import ledger_problems


class Command(BaseCommand):
    help = "Check the coin ledger: settlements sum to zero, none applied twice, no balance below zero, " \
           "cached coins equal the ledger."

    def handle(self, *args, **options):
        problems = ledger_problems()
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            raise CommandError(f"the ledger has {len(problems)} problem(s)", returncode=1)
        self.stdout.write("OK: the ledger is consistent")
