#pragma once
// Swift cannot call C variadic functions: each forward below fixes one argument type.
#include <microhttpd.h>
#include <curl/curl.h>
#include <stdint.h>

// MHD_start_daemon is variadic: options travel as an MHD_OPTION_ARRAY, the callbacks explicitly
// (the URI log callback starts every request's state, so libmicrohttpd's own error answers
// reach the completion callback too; the connection callback makes each connection's context).
typedef void *(*CPreflightShims_URILogCallback)(void *cls, const char *uri, struct MHD_Connection *connection);
struct MHD_Daemon *CPreflightShims_MHD_start_daemon(unsigned int flags, MHD_AcceptPolicyCallback accept_policy,
                                                    MHD_AccessHandlerCallback handler, void *handler_cls,
                                                    MHD_RequestCompletedCallback completed, void *completed_cls,
                                                    CPreflightShims_URILogCallback uri_log, void *uri_log_cls,
                                                    MHD_NotifyConnectionCallback notify_connection,
                                                    void *notify_connection_cls, struct MHD_OptionItem *options);
// MHD_get_daemon_info is variadic: the bound port (0 when unknown).
uint16_t CPreflightShims_MHD_bind_port(struct MHD_Daemon *daemon);
// MHD_get_connection_info is variadic: the client's address, or NULL.
const struct sockaddr *CPreflightShims_MHD_client_address(struct MHD_Connection *connection);

// MHD_get_connection_info is variadic: the HTTP status queued on the connection, or 0.
unsigned int CPreflightShims_MHD_http_status(struct MHD_Connection *connection);
// MHD_get_connection_info is variadic: the connection's context (set by MHD_OPTION_NOTIFY_CONNECTION's
// callback), or NULL.
void *CPreflightShims_MHD_socket_context(struct MHD_Connection *connection);
// MHD_get_connection_info is variadic: the connection's socket, or -1.
int CPreflightShims_MHD_connection_fd(struct MHD_Connection *connection);

// The commit and its date this binary was built from: `make` passes them as -DPREFLIGHT_COMMIT
// and -DPREFLIGHT_BUILD_DATE (string literals); "unknown" when built otherwise.
const char *CPreflightShims_build_commit(void);
const char *CPreflightShims_build_date(void);
// The versions of the C libraries linked: libmicrohttpd and libcurl (OpenSSL's comes from libcrypto).
const char *CPreflightShims_microhttpd_version(void);
const char *CPreflightShims_curl_version(void);

// curl_easy_setopt is variadic: one forward per argument type (long, pointer, curl_off_t).
CURLcode CPreflightShims_curl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode CPreflightShims_curl_easy_setopt_ptr(CURL *handle, CURLoption option, const void *value);
CURLcode CPreflightShims_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode CPreflightShims_curl_easy_setopt_write(CURL *handle, curl_write_callback value);
CURLcode CPreflightShims_curl_easy_setopt_header(CURL *handle, curl_write_callback value);
CURLcode CPreflightShims_curl_easy_setopt_opensocket(CURL *handle, curl_opensocket_callback value);
CURLcode CPreflightShims_curl_easy_setopt_xferinfo(CURL *handle, curl_xferinfo_callback value);
CURLcode CPreflightShims_curl_easy_setopt_resolver_start(CURL *handle, curl_resolver_start_callback value);
CURLcode CPreflightShims_curl_easy_setopt_ssl_ctx(CURL *handle, curl_ssl_ctx_callback value);
// curl_easy_getinfo is variadic: one forward per result type.
CURLcode CPreflightShims_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode CPreflightShims_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode CPreflightShims_curl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);
CURLcode CPreflightShims_curl_easy_getinfo_ptr(CURL *handle, CURLINFO info, void **value);
// curl_multi_setopt is variadic.
CURLMcode CPreflightShims_curl_multi_setopt_long(CURLM *handle, CURLMoption option, long value);

// MHD_add_response_header takes NUL-terminated strings: this takes Swift's UTF-8 bytes with their
// lengths and terminates them on the stack (in a heap copy only past 1 KiB), so passing a Swift
// string costs no allocation of its own. MHD_NO for a NUL inside, or what libmicrohttpd refuses.
enum MHD_Result CPreflightShims_MHD_add_header(struct MHD_Response *response, const char *name, size_t name_length,
                                               const char *value, size_t value_length);
