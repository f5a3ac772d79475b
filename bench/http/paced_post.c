/*
 * paced_post: an open-loop load of POSTs at a constant rate, for the p99 at half of the peak.
 *
 * wrk paces a connection by pausing it between requests (a `delay` in its Lua script): its
 * timers fire on whole milliseconds, so the connections send in bursts, and the bursts'
 * queueing is in every server's p99, the C one's too. Here request k is due at start + k / RATE
 * exactly (the wait for answers ends when it is due); it goes out on an idle kept-alive
 * connection, and its latency is counted from its due time, not from when it went out, so a
 * server that falls behind is charged for the wait (no coordinated omission: a request that
 * finds no idle connection waits for one, and that wait counts).
 *
 * Usage: paced_post PORT PATH BODY_FILE RATE SECONDS CONNECTIONS
 * Sends to 127.0.0.1:PORT; one second of load before SECONDS of counted load. Prints the
 * requests counted, the rate they make and the latency percentiles in ms, a line each; exits 1
 * on any error (a refused connection, a closed one, a status other than 200, a response not
 * whole 5 s after the load's end).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define RESPONSE_ROOM 65536

struct connection {
    int fd;
    int busy;
    uint64_t due;          /* the due time of the request in flight, ns */
    size_t received;
    char buffer[RESPONSE_ROOM];
};

/* A system call's failure, with errno's text. */
__attribute__((noreturn)) static void fail(const char *what) {
    fprintf(stderr, "paced_post: %s: %s\n", what, strerror(errno));
    exit(1);
}

/* A failure of the server's answers or of the run. */
__attribute__((noreturn)) static void give_up(const char *why) {
    fprintf(stderr, "paced_post: %s\n", why);
    exit(1);
}

static uint64_t now_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) fail("clock_gettime");
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) fail(path);
    if (fseek(file, 0, SEEK_END) != 0) fail("fseek");
    long size = ftell(file);
    if (size < 0 || fseek(file, 0, SEEK_SET) != 0) fail("ftell");
    char *bytes = malloc((size_t)size + 1);
    if (!bytes) fail("malloc");
    if (fread(bytes, 1, (size_t)size, file) != (size_t)size) fail("fread");
    if (fclose(file) != 0) fail("fclose");
    *length = (size_t)size;
    return bytes;
}

static int open_connection(int port) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) fail("socket");
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) fail("connect");
    int one = 1;
    if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0) fail("TCP_NODELAY");
    return fd;
}

/* The whole response's length once its head is in: the head, then Content-Length bytes; 0 while
 * the head is not whole. A status other than 200 is an error. */
static size_t response_length(const struct connection *c) {
    const char *end = memmem(c->buffer, c->received, "\r\n\r\n", 4);
    if (!end) return 0;
    if (c->received < 12 || memcmp(c->buffer + 9, "200", 3) != 0) {
        give_up("a status other than 200");
    }
    size_t head = (size_t)(end - c->buffer) + 4;
    for (const char *line = c->buffer; line < end;) {
        const char *next = memmem(line, (size_t)(end + 2 - line), "\r\n", 2);
        if (!next) break;
        if (next - line > 15 && strncasecmp(line, "Content-Length:", 15) == 0) {
            return head + strtoull(line + 15, NULL, 10);
        }
        line = next + 2;
    }
    give_up("a response without Content-Length");
    return 0;
}

static int compare(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static double percentile_ms(const uint64_t *sorted, size_t count, double fraction) {
    size_t index = (size_t)(fraction * (double)count);
    if (index >= count) index = count - 1;
    return (double)sorted[index] / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: paced_post PORT PATH BODY_FILE RATE SECONDS CONNECTIONS\n");
        return 2;
    }
    int port = atoi(argv[1]);
    double rate = atof(argv[4]), seconds = atof(argv[5]);
    int count = atoi(argv[6]);
    if (port <= 0 || rate <= 0 || seconds <= 0 || count <= 0) {
        fprintf(stderr, "paced_post: PORT, RATE, SECONDS and CONNECTIONS must be positive\n");
        return 2;
    }
    size_t body_length;
    char *body = read_file(argv[3], &body_length);
    size_t room = body_length + strlen(argv[2]) + 256;
    char *request = malloc(room);
    if (!request) fail("malloc");
    int head = snprintf(request, room,
                        "POST %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                        "apns-push-type: alert\r\napns-priority: 10\r\nContent-Length: %zu\r\n\r\n",
                        argv[2], port, body_length);
    if (head < 0 || (size_t)head + body_length > room) give_up("the request does not fit");
    memcpy(request + head, body, body_length);
    size_t request_length = (size_t)head + body_length;

    int poll = epoll_create1(EPOLL_CLOEXEC);
    if (poll < 0) fail("epoll_create1");
    struct epoll_event event = {.events = EPOLLIN};
    struct connection *connections = calloc((size_t)count, sizeof *connections);
    if (!connections) fail("calloc");
    for (int i = 0; i < count; i++) {
        connections[i].fd = open_connection(port);
        event.data.u64 = (uint64_t)i;
        if (epoll_ctl(poll, EPOLL_CTL_ADD, connections[i].fd, &event) != 0) fail("epoll_ctl");
    }

    uint64_t period = (uint64_t)(1e9 / rate);
    uint64_t start = now_ns() + 10000000u;
    uint64_t counted_from = start + 1000000000u;
    uint64_t ends = counted_from + (uint64_t)(seconds * 1e9);
    size_t capacity = (size_t)(rate * seconds * 1.1) + 16, counted = 0;
    uint64_t *latencies = malloc(capacity * sizeof *latencies);
    if (!latencies) fail("malloc");
    uint64_t next_due = start, deadline = ends + 5000000000u;
    int busy = 0;
    struct epoll_event events[256];
    while (next_due < ends || busy > 0) {
        uint64_t now = now_ns();
        if (now > deadline) {
            give_up("responses not whole 5 s after the load's end");
    }
        /* Send every due request that has an idle connection. */
        for (int i = 0; i < count && next_due <= now && next_due < ends; i++) {
            struct connection *c = &connections[i];
            if (c->busy) continue;
            ssize_t sent = send(c->fd, request, request_length, MSG_NOSIGNAL);
            if (sent < 0) fail("send");
            if (sent != (ssize_t)request_length) give_up("a short send");
            c->busy = 1;
            c->due = next_due;
            c->received = 0;
            busy++;
            next_due += period;
        }
        /* Wait for an answer, or until the next request is due when a connection is idle for it
         * (epoll_pwait2's timeout in ns: no timer to arm and read for each request, which made
         * the generator the busiest thread on the machine); at most 100 ms, for the deadline. */
        uint64_t wait = 100000000u;
        if (next_due < ends && busy < count) {
            uint64_t after = now_ns();
            wait = next_due > after ? next_due - after : 0;
            if (wait > 100000000u) wait = 100000000u;
        }
        struct timespec timeout = {.tv_sec = (time_t)(wait / 1000000000u),
                                   .tv_nsec = (long)(wait % 1000000000u)};
        int ready = epoll_pwait2(poll, events, 256, &timeout, NULL);
        if (ready < 0) {
            if (errno == EINTR) continue;
            fail("epoll_pwait2");
        }
        for (int e = 0; e < ready; e++) {
            struct connection *c = &connections[events[e].data.u64];
            ssize_t got = recv(c->fd, c->buffer + c->received, RESPONSE_ROOM - c->received, MSG_DONTWAIT);
            if (got == 0) {
                give_up("the server closed a connection");
    }
            if (got < 0) {
                if (errno == EAGAIN) continue;
                fail("recv");
            }
            c->received += (size_t)got;
            size_t whole = response_length(c);
            if (whole == 0 || c->received < whole) {
                if (c->received == RESPONSE_ROOM) {
                    give_up("a response over 64 KiB");
    }
                continue;
            }
            uint64_t done = now_ns();
            if (c->due >= counted_from && counted < capacity) latencies[counted++] = done - c->due;
            c->busy = 0;
            busy--;
        }
    }
    if (counted == 0) {
        give_up("no request counted");
    }
    qsort(latencies, counted, sizeof *latencies, compare);
    printf("requests %zu\nrate %.0f\n", counted, (double)counted / seconds);
    printf("p50 %.3f\n", percentile_ms(latencies, counted, 0.50));
    printf("p90 %.3f\n", percentile_ms(latencies, counted, 0.90));
    printf("p99 %.3f\n", percentile_ms(latencies, counted, 0.99));
    printf("p99.9 %.3f\n", percentile_ms(latencies, counted, 0.999));
    printf("max %.3f\n", (double)latencies[counted - 1] / 1e6);
    return 0;
}
