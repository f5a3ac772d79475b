#include "CPreflightShims.h"

struct MHD_Daemon *CPreflightShims_MHD_start_daemon(unsigned int flags, MHD_AcceptPolicyCallback accept_policy,
                                                    MHD_AccessHandlerCallback handler, void *handler_cls,
                                                    MHD_RequestCompletedCallback completed, void *completed_cls,
                                                    CPreflightShims_URILogCallback uri_log, void *uri_log_cls,
                                                    MHD_NotifyConnectionCallback notify_connection,
                                                    void *notify_connection_cls, struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, accept_policy, handler_cls, handler, handler_cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify_connection, notify_connection_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

uint16_t CPreflightShims_MHD_bind_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

const struct sockaddr *CPreflightShims_MHD_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

unsigned int CPreflightShims_MHD_http_status(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_HTTP_STATUS);
    return info == NULL ? 0 : info->http_status;
}

void *CPreflightShims_MHD_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

int CPreflightShims_MHD_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

CURLcode CPreflightShims_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode CPreflightShims_curl_easy_setopt_ptr(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode CPreflightShims_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode CPreflightShims_curl_easy_setopt_write(CURL *handle, curl_write_callback value) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, value);
}
CURLcode CPreflightShims_curl_easy_setopt_header(CURL *handle, curl_write_callback value) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, value);
}
CURLcode CPreflightShims_curl_easy_setopt_opensocket(CURL *handle, curl_opensocket_callback value) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, value);
}
CURLcode CPreflightShims_curl_easy_setopt_xferinfo(CURL *handle, curl_xferinfo_callback value) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}
CURLcode CPreflightShims_curl_easy_setopt_resolver_start(CURL *handle, curl_resolver_start_callback value) {
    return curl_easy_setopt(handle, CURLOPT_RESOLVER_START_FUNCTION, value);
}
CURLcode CPreflightShims_curl_easy_setopt_ssl_ctx(CURL *handle, curl_ssl_ctx_callback value) {
    return curl_easy_setopt(handle, CURLOPT_SSL_CTX_FUNCTION, value);
}
CURLcode CPreflightShims_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
CURLcode CPreflightShims_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
CURLcode CPreflightShims_curl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}
CURLcode CPreflightShims_curl_easy_getinfo_ptr(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}
CURLMcode CPreflightShims_curl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

#ifndef PREFLIGHT_COMMIT
#define PREFLIGHT_COMMIT "unknown"
#endif
#ifndef PREFLIGHT_BUILD_DATE
#define PREFLIGHT_BUILD_DATE "unknown"
#endif

const char *CPreflightShims_build_commit(void) { return PREFLIGHT_COMMIT; }

const char *CPreflightShims_build_date(void) { return PREFLIGHT_BUILD_DATE; }

const char *CPreflightShims_microhttpd_version(void) {
    const char *version = MHD_get_version();
    return version ? version : "unknown";
}

const char *CPreflightShims_curl_version(void) {
    const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    return (info && info->version) ? info->version : "unknown";
}

#include <stdlib.h>
#include <string.h>

// A NUL-terminated copy of `length` bytes in `stack` when they fit, else on the heap (*heap set,
// to be freed); NULL when the bytes hold a NUL or there is no memory.
static const char *terminated(const char *bytes, size_t length, char *stack, size_t capacity, char **heap) {
    if (length > 0 && memchr(bytes, 0, length) != NULL) return NULL;
    char *target = stack;
    if (length >= capacity) {
        target = malloc(length + 1);
        if (target == NULL) return NULL;
        *heap = target;
    }
    if (length > 0) memcpy(target, bytes, length);
    target[length] = 0;
    return target;
}

enum MHD_Result CPreflightShims_MHD_add_header(struct MHD_Response *response, const char *name, size_t name_length,
                                               const char *value, size_t value_length) {
    char name_stack[128], value_stack[1024];
    char *name_heap = NULL, *value_heap = NULL;
    const char *name_text = terminated(name, name_length, name_stack, sizeof name_stack, &name_heap);
    const char *value_text = terminated(value, value_length, value_stack, sizeof value_stack, &value_heap);
    enum MHD_Result result = MHD_NO;
    if (name_text != NULL && value_text != NULL) result = MHD_add_response_header(response, name_text, value_text);
    free(name_heap);
    free(value_heap);
    return result;
}
