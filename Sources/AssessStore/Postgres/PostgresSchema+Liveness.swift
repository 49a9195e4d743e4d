extension PostgresSchema {
    /// How long the server waits on a quiet connection before it probes the seat, how
    /// often it probes, and how many unanswered probes end the connection: a seat's machine
    /// that vanishes (a cable pulled, a power cut) loses its backend within about
    /// 10 + 3 × 5 = 25 s. Set on the connection that takes the lease (see `PostgresStore`);
    /// a Unix socket ignores them, and there the backend ends with the seat's process.
    static let keepalives =
        "SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3"
}
