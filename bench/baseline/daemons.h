/* The daemons both C servers of the bench run, as Preflight's server runs its workers: one
 * libmicrohttpd daemon per worker, each with an internal polling thread, epoll and its own
 * listening socket on the port (SO_REUSEPORT), so the kernel spreads new connections over the
 * workers; or, with `pool`, one daemon and a pool of worker threads sharing its socket (the first
 * worker to wake accepts every connection waiting: a load's connections can all land on one
 * core). Included by hello_mhd.c and payload_json_c.c, each built alone (bench/lib.sh's build_c). */
#ifndef BENCH_DAEMONS_H
#define BENCH_DAEMONS_H

#include <microhttpd.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>

/* Daemons (workers) at most. */
#define MAX_DAEMONS 64

struct daemons {
    struct MHD_Daemon *started[MAX_DAEMONS];
    unsigned int count;
};

/* start_daemons: `threads` workers (1 to MAX_DAEMONS) on `port`, answering with `answer`;
 * `completed` (or NULL) is told when each request ends. 0 once every daemon runs; -1 (the
 * started ones stopped, the reason on stderr) otherwise. */
static inline int start_daemons(struct daemons *daemons, unsigned short port, unsigned int threads, int pool,
                                MHD_AccessHandlerCallback answer, MHD_RequestCompletedCallback completed) {
    daemons->count = 0;
    unsigned int count = pool ? 1 : threads;
    /* The array ends at its first MHD_OPTION_END: the options that apply come first. A pool only
     * for more than one thread (libmicrohttpd warns of a pool of 0 or 1). */
    struct MHD_OptionItem options[3] = {{MHD_OPTION_END, 0, NULL}, {MHD_OPTION_END, 0, NULL}, {MHD_OPTION_END, 0, NULL}};
    size_t option = 0;
    if (pool && threads > 1) options[option++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)threads, NULL};
    if (count > 1) options[option++] = (struct MHD_OptionItem){MHD_OPTION_LISTENING_ADDRESS_REUSE, 1, NULL};
    for (unsigned int i = 0; i < count; i++) {
        struct MHD_Daemon *daemon = MHD_start_daemon(
            MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG, port, NULL,
            NULL, answer, NULL, MHD_OPTION_ARRAY, options, MHD_OPTION_CONNECTION_TIMEOUT, 30u,
            MHD_OPTION_CONNECTION_LIMIT, 4096u / count, MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u,
            MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, MHD_OPTION_END);
        if (daemon == NULL) {
            fprintf(stderr, "cannot start on port %u\n", port);
            for (unsigned int j = 0; j < daemons->count; j++) MHD_stop_daemon(daemons->started[j]);
            daemons->count = 0;
            return -1;
        }
        daemons->started[daemons->count++] = daemon;
    }
    return 0;
}

/* serve_until_signal: blocks SIGTERM and SIGINT, waits for one, stops the daemons. 0; 1 when the
 * signals could not be waited for (reported on stderr under `name`). */
static inline int serve_until_signal(struct daemons *daemons, const char *name) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    int sig;
    int failed = sigprocmask(SIG_BLOCK, &set, NULL) != 0 || sigwait(&set, &sig) != 0;
    if (failed) perror(name);
    for (unsigned int i = 0; i < daemons->count; i++) MHD_stop_daemon(daemons->started[i]);
    return failed;
}

#endif
