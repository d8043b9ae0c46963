"""Number format of the Chinese pages, over Django's zh_Hans formats (which it otherwise keeps).

Django's zh_Hans has no thousand separator (grouping by four with an empty separator), so 4000000 would
stay 4000000; coins are grouped by three with commas, 4,000,000, as Chinese banking and game apps write
them.
"""
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
