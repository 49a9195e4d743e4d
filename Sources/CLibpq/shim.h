// libpq's types and constants, from PostgreSQL's client headers (Debian: libpq-dev). Its
// headers live in /usr/include/postgresql; libpq-fe.h finds the ones it includes beside it.
//
// Nothing links libpq: AssessStore loads libpq.so.5 with dlopen the first time a
// PostgreSQL store is opened, so that every other run of `assess` (the SQLite default)
// does not load libpq and the twenty libraries it pulls in (Kerberos, LDAP, TLS).
#include <postgresql/libpq-fe.h>
