// libpq, PostgreSQL's C client library (Debian: libpq-dev). Its headers live in
// /usr/include/postgresql; libpq-fe.h finds the headers it includes beside itself.
#include <postgresql/libpq-fe.h>
