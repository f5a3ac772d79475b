// swift-format-ignore-file
// Generated from openapi.json by scripts/embed-openapi.sh (make openapi): do not edit.

extension OpenAPIDocument {
    /// The bytes of `openapi.json` at the top of the repository.
    static let text = ##"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "Preflight",
    "version": "0.4.0",
    "summary": "Checks an iOS rich push notification before it is sent.",
    "description": "Preflight takes the exact APNs payload bytes and headers (or the request a sender makes to FCM, OneSignal, Airship or Braze), checks them against Apple's rules, downloads the media as a Notification Service Extension would (its MP4 tracks and the connection's App Transport Security included), and answers a report: a verdict, findings with stable codes and fixes, the download, and the attachment the extension would build.",
    "license": {
      "name": "Proprietary",
      "identifier": "LicenseRef-Proprietary"
    }
  },
  "servers": [
    {
      "url": "http://127.0.0.1:8080"
    }
  ],
  "security": [
    {},
    {
      "bearerAuth": []
    }
  ],
  "paths": {
    "/v1/preflight": {
      "post": {
        "operationId": "preflight",
        "summary": "Check one push",
        "description": "The body is the APNs payload byte for byte (its size is judged on these bytes), or a provider's request (FCM, OneSignal, Airship, Braze) that is judged as the APNs payload the provider derives from it (`?format=`, `Preflight-Format`, or detected from the shape; the report's `envelope` shows the derived payload and headers). A body that is not a JSON object is a finding (`payload.invalid-json`, `payload.not-object`), not a protocol error.",
        "security": [
          {},
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "fetch",
            "in": "query",
            "required": false,
            "schema": {
              "type": "boolean",
              "default": true
            },
            "description": "`false` skips the media download: payload rules only."
          },
          {
            "name": "apns-push-type",
            "in": "header",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "The APNs push type the payload will be sent with; checked when present (rich pushes need `alert`)."
          },
          {
            "name": "apns-priority",
            "in": "header",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "10, 5 or 1."
          },
          {
            "name": "apns-topic",
            "in": "header",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "apns-expiration",
            "in": "header",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "UNIX seconds, a non-negative integer."
          },
          {
            "name": "apns-collapse-id",
            "in": "header",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "At most 64 bytes."
          },
          {
            "name": "apns-id",
            "in": "header",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "A UUID (8-4-4-4-12 hexadecimal digits); headers.apns-id.invalid otherwise. Another apns- name is answered 400 bad-request; other headers are ignored. One of these headers sent twice is the finding headers.duplicate."
          },
          {
            "name": "apns-channel-id",
            "in": "header",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "A broadcast channel id (base64); headers.channel-id.invalid otherwise. It makes the push a broadcast Live Activity push: 5,120 bytes, apns-push-type liveactivity, no start event."
          },
          {
            "name": "apns-request-id",
            "in": "header",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "A broadcast request's id, a UUID (8-4-4-4-12 hexadecimal digits); headers.request-id.invalid otherwise."
          },
          {
            "$ref": "#/components/parameters/Profile"
          },
          {
            "$ref": "#/components/parameters/PreflightProfileHeader"
          },
          {
            "$ref": "#/components/parameters/Format"
          },
          {
            "$ref": "#/components/parameters/PreflightFormatHeader"
          },
          {
            "$ref": "#/components/parameters/Expect"
          },
          {
            "$ref": "#/components/parameters/PreflightExpectHeader"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "description": "One of the five shapes; any other JSON is judged as an APNs payload.",
                "oneOf": [
                  {
                    "$ref": "#/components/schemas/APNsPayload"
                  },
                  {
                    "$ref": "#/components/schemas/FCMMessage"
                  },
                  {
                    "$ref": "#/components/schemas/OneSignalNotification"
                  },
                  {
                    "$ref": "#/components/schemas/AirshipPush"
                  },
                  {
                    "$ref": "#/components/schemas/BrazeSend"
                  }
                ]
              },
              "examples": {
                "apns": {
                  "summary": "An APNs payload with an image",
                  "value": {
                    "aps": {
                      "alert": {
                        "title": "Sale",
                        "body": "Everything 50% off"
                      },
                      "mutable-content": 1
                    },
                    "image": "https://cdn.example.com/sale.jpg"
                  }
                },
                "fcm": {
                  "summary": "FCM: the send-image documentation's request",
                  "value": {
                    "message": {
                      "token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1",
                      "notification": {
                        "title": "Sparky says hello!"
                      },
                      "android": {
                        "notification": {
                          "image": "https://foo.bar/pizza-monster.png"
                        }
                      },
                      "apns": {
                        "payload": {
                          "aps": {
                            "mutable-content": 1
                          }
                        },
                        "fcm_options": {
                          "image": "https://foo.bar/pizza-monster.png"
                        }
                      },
                      "webpush": {
                        "headers": {
                          "image": "https://foo.bar/pizza-monster.png"
                        }
                      }
                    }
                  }
                },
                "onesignal": {
                  "summary": "OneSignal: a notification with an iOS attachment",
                  "value": {
                    "app_id": "YOUR_APP_ID",
                    "include_subscription_ids": [
                      "1dd608f2-c6a1-11e3-851d-000c2940e62c"
                    ],
                    "headings": {
                      "en": "New arrivals"
                    },
                    "contents": {
                      "en": "English Message",
                      "es": "Spanish Message"
                    },
                    "ios_attachments": {
                      "id1": "https://foo.bar/pizza-monster.png"
                    },
                    "ios_sound": "default",
                    "ios_badgeType": "Increase",
                    "ios_badgeCount": 1,
                    "data": {
                      "screen": "offers"
                    }
                  }
                },
                "airship": {
                  "summary": "Airship: a push with a media attachment",
                  "value": {
                    "audience": {
                      "named_user": "user-1"
                    },
                    "device_types": [
                      "ios"
                    ],
                    "notification": {
                      "ios": {
                        "alert": {
                          "title": "Airship",
                          "body": "A picture is worth a thousand words"
                        },
                        "mutable_content": true,
                        "media_attachment": {
                          "url": "https://foo.bar/pizza-monster.png",
                          "content": {
                            "title": "Airship",
                            "body": "With a picture"
                          }
                        },
                        "extra": {
                          "deep_link": "app://offers"
                        }
                      }
                    }
                  }
                },
                "braze": {
                  "summary": "Braze: messages/send with a rich Apple push",
                  "value": {
                    "external_user_ids": [
                      "user-1"
                    ],
                    "messages": {
                      "apple_push": {
                        "alert": {
                          "title": "Braze",
                          "body": "Your order shipped"
                        },
                        "sound": "default",
                        "asset_url": "https://foo.bar/pizza-monster.png",
                        "asset_file_type": "png",
                        "extra": {
                          "order": "1234"
                        }
                      }
                    }
                  }
                }
              }
            },
            "application/octet-stream": {
              "schema": {
                "type": "string",
                "format": "binary"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Verdict pass or warn.",
            "headers": {
              "X-Request-Id": {
                "description": "The client's own id when plain, else one made by the server.",
                "schema": {
                  "type": "string"
                }
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Report"
                },
                "examples": {
                  "pass": {
                    "summary": "A plain push (no media): pass with media.none",
                    "value": {
                      "verdict": "pass",
                      "findings": [
                        {
                          "code": "media.none",
                          "severity": "info",
                          "path": null,
                          "message": "a plain push: no media URL and no mutable-content, so there is no media to check",
                          "fix": "none needed; send expect=media (or Preflight-Expect: media) if this push must carry media"
                        }
                      ],
                      "payload": {
                        "bytes": 73,
                        "limit": 4096,
                        "push_type": "alert",
                        "judged_as": "alert",
                        "media_url": null,
                        "media_key": null,
                        "profile": "generic"
                      }
                    }
                  },
                  "warn": {
                    "summary": "A key Apple does not define in aps: warn",
                    "value": {
                      "verdict": "warn",
                      "findings": [
                        {
                          "code": "aps.key.unknown",
                          "severity": "warning",
                          "path": "aps.campaign",
                          "message": "aps.campaign is not a key Apple defines; iOS ignores it and APNs may in future reject it",
                          "fix": "move \"campaign\" out of aps to the top level of the payload, where custom keys belong"
                        },
                        {
                          "code": "media.not-fetched",
                          "severity": "info",
                          "path": "/image",
                          "message": "the download was skipped (fetch=false or --no-fetch), so only the payload and the URL were checked",
                          "fix": "none needed; the media's type and size are only checked when it is downloaded"
                        }
                      ],
                      "payload": {
                        "bytes": 124,
                        "limit": 4096,
                        "push_type": "alert",
                        "judged_as": "rich-alert",
                        "media_url": "https://cdn.example.com/sale.jpg",
                        "media_key": "/image",
                        "profile": "generic"
                      }
                    }
                  }
                }
              },
              "text/plain": {
                "schema": {
                  "type": "string",
                  "description": "The report as `preflight check` prints it, for a request with `Accept: text/plain`."
                }
              }
            }
          },
          "422": {
            "description": "Verdict fail.",
            "headers": {
              "X-Request-Id": {
                "description": "The client's own id when plain, else one made by the server.",
                "schema": {
                  "type": "string"
                }
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Report"
                },
                "examples": {
                  "fail": {
                    "summary": "An image without mutable-content: fail",
                    "value": {
                      "verdict": "fail",
                      "findings": [
                        {
                          "code": "aps.mutable-content.missing",
                          "severity": "error",
                          "path": "aps.mutable-content",
                          "message": "aps has no mutable-content, so the Notification Service Extension never runs and no media is attached",
                          "fix": "add \"mutable-content\": 1 inside aps"
                        },
                        {
                          "code": "media.not-fetched",
                          "severity": "info",
                          "path": "/image",
                          "message": "the download was skipped (fetch=false or --no-fetch), so only the payload and the URL were checked",
                          "fix": "none needed; the media's type and size are only checked when it is downloaded"
                        }
                      ],
                      "payload": {
                        "bytes": 80,
                        "limit": 4096,
                        "push_type": "alert",
                        "judged_as": "rich-alert",
                        "media_url": "https://cdn.example.com/sale.jpg",
                        "media_key": "/image",
                        "profile": "generic"
                      }
                    }
                  }
                }
              },
              "text/plain": {
                "schema": {
                  "type": "string",
                  "description": "The report as `preflight check` prints it, for a request with `Accept: text/plain`."
                }
              }
            }
          },
          "400": {
            "description": "A bad query argument (`invalid-query`), or a header block that could be framed two ways (`bad-request`: repeated Content-Length, whitespace before a colon, a folded line, a NUL in a value, HTTP/1.1 without Host, a POST without Content-Length or chunked body); the connection is closed; or an unknown profile name (`unknown-profile`); or an unknown envelope format (`unknown-format`).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "401": {
            "description": "`auth.api_keys` is set and no matching `Authorization: Bearer` key was sent.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "501": {
            "$ref": "#/components/responses/UnsupportedTransferCoding"
          },
          "413": {
            "description": "The body is over `server.max_body_bytes`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "503": {
            "description": "`shutting-down`: the server is shutting down and the request could not finish in time. `overloaded`: `server.max_parked_requests` requests already wait for downloads (with `Retry-After: 1`).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/v1/preflight/batch": {
      "post": {
        "operationId": "preflightBatch",
        "summary": "Check up to 100 pushes",
        "description": "Every item is checked like `POST /v1/preflight`; the reports come back in the items' order; media downloads are shared across the batch (and the cache). An object payload is judged as compact JSON; send the payload as a string to have its exact bytes judged.",
        "security": [
          {},
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "fetch",
            "in": "query",
            "required": false,
            "schema": {
              "type": "boolean",
              "default": true
            },
            "description": "`false` skips the media download: payload rules only."
          },
          {
            "$ref": "#/components/parameters/Profile"
          },
          {
            "$ref": "#/components/parameters/PreflightProfileHeader"
          },
          {
            "$ref": "#/components/parameters/Format"
          },
          {
            "$ref": "#/components/parameters/PreflightFormatHeader"
          },
          {
            "$ref": "#/components/parameters/Expect"
          },
          {
            "$ref": "#/components/parameters/PreflightExpectHeader"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/BatchRequest"
              },
              "examples": {
                "mixed": {
                  "summary": "Two items, one with headers",
                  "value": {
                    "items": [
                      {
                        "payload": {
                          "aps": {
                            "alert": "a"
                          }
                        },
                        "headers": {
                          "apns-push-type": "alert"
                        }
                      },
                      {
                        "payload": {
                          "aps": {
                            "alert": "b"
                          },
                          "image": "https://cdn.example.com/b.jpg"
                        }
                      }
                    ]
                  }
                },
                "providers": {
                  "summary": "An FCM request and an APNs payload in one batch",
                  "value": {
                    "items": [
                      {
                        "payload": {
                          "message": {
                            "token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1",
                            "notification": {
                              "title": "Sparky says hello!"
                            },
                            "android": {
                              "notification": {
                                "image": "https://foo.bar/pizza-monster.png"
                              }
                            },
                            "apns": {
                              "payload": {
                                "aps": {
                                  "mutable-content": 1
                                }
                              },
                              "fcm_options": {
                                "image": "https://foo.bar/pizza-monster.png"
                              }
                            },
                            "webpush": {
                              "headers": {
                                "image": "https://foo.bar/pizza-monster.png"
                              }
                            }
                          }
                        }
                      },
                      {
                        "payload": {
                          "aps": {
                            "alert": "a",
                            "mutable-content": 1
                          },
                          "image": "https://cdn.example.com/a.jpg"
                        },
                        "format": "apns"
                      }
                    ]
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "One report per item, in order.",
            "headers": {
              "X-Request-Id": {
                "description": "The client's own id when plain, else one made by the server.",
                "schema": {
                  "type": "string"
                }
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/BatchResponse"
                },
                "examples": {
                  "mixed": {
                    "summary": "A plain push and a broken rich push",
                    "value": {
                      "results": [
                        {
                          "verdict": "pass",
                          "findings": [
                            {
                              "code": "media.none",
                              "severity": "info",
                              "path": null,
                              "message": "a plain push: no media URL and no mutable-content, so there is no media to check",
                              "fix": "none needed; send expect=media (or Preflight-Expect: media) if this push must carry media"
                            }
                          ],
                          "payload": {
                            "bytes": 21,
                            "limit": 4096,
                            "push_type": "alert",
                            "judged_as": "alert",
                            "media_url": null,
                            "media_key": null,
                            "profile": "generic"
                          }
                        },
                        {
                          "verdict": "fail",
                          "findings": [
                            {
                              "code": "headers.push-type.missing",
                              "severity": "info",
                              "path": "apns-push-type",
                              "message": "no apns-push-type header was given, so Preflight assumed alert",
                              "fix": "send apns-push-type: alert with rich notifications (APNs requires it for watchOS)"
                            },
                            {
                              "code": "aps.mutable-content.missing",
                              "severity": "error",
                              "path": "aps.mutable-content",
                              "message": "aps has no mutable-content, so the Notification Service Extension never runs and no media is attached",
                              "fix": "add \"mutable-content\": 1 inside aps"
                            },
                            {
                              "code": "media.not-fetched",
                              "severity": "info",
                              "path": "/image",
                              "message": "the download was skipped (fetch=false or --no-fetch), so only the payload and the URL were checked",
                              "fix": "none needed; the media's type and size are only checked when it is downloaded"
                            }
                          ],
                          "payload": {
                            "bytes": 61,
                            "limit": 4096,
                            "push_type": "alert",
                            "judged_as": "rich-alert",
                            "media_url": "https://cdn.example.com/b.jpg",
                            "media_key": "/image",
                            "profile": "generic"
                          }
                        }
                      ]
                    }
                  }
                }
              }
            }
          },
          "400": {
            "description": "The batch is malformed (`invalid-batch`), a query argument is bad (`invalid-query`), or the header block could be framed two ways (`bad-request`; the connection is closed); or an unknown profile name (`unknown-profile`); or an unknown envelope format (`unknown-format`).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "401": {
            "description": "`auth.api_keys` is set and no matching `Authorization: Bearer` key was sent.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "501": {
            "$ref": "#/components/responses/UnsupportedTransferCoding"
          },
          "413": {
            "description": "The body is over `server.max_batch_body_bytes`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "503": {
            "description": "`shutting-down`: the server is shutting down and the request could not finish in time. `overloaded`: `server.max_parked_requests` requests already wait for downloads (with `Retry-After: 1`).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/v1/version": {
      "get": {
        "operationId": "version",
        "summary": "What this binary is",
        "description": "The version, the commit and date it was built from (\"unknown\" for a build outside make), and the versions of the C libraries it runs with.",
        "security": [
          {},
          {
            "bearerAuth": []
          }
        ],
        "responses": {
          "200": {
            "description": "The build.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Version"
                },
                "example": {
                  "version": "0.4.0",
                  "commit": "5f2c0e1a9b3d",
                  "build_date": "2026-11-29T19:30:00+00:00",
                  "libmicrohttpd": "0.9.75",
                  "libcurl": "7.88.1",
                  "openssl": "OpenSSL 3.0.19 27 Jan 2026"
                }
              }
            }
          },
          "401": {
            "description": "`auth.api_keys` is set and no matching `Authorization: Bearer` key was sent.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/healthz": {
      "get": {
        "operationId": "health",
        "summary": "Liveness",
        "security": [],
        "responses": {
          "200": {
            "description": "The process lives.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "status"
                  ],
                  "properties": {
                    "status": {
                      "const": "ok"
                    }
                  }
                },
                "example": {
                  "status": "ok"
                }
              }
            }
          }
        }
      }
    },
    "/readyz": {
      "get": {
        "operationId": "ready",
        "summary": "Readiness",
        "security": [],
        "responses": {
          "200": {
            "description": "Serving.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "status"
                  ],
                  "properties": {
                    "status": {
                      "const": "ready"
                    }
                  }
                },
                "example": {
                  "status": "ready"
                }
              }
            }
          },
          "503": {
            "description": "Shutdown has begun.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "status"
                  ],
                  "properties": {
                    "status": {
                      "const": "draining"
                    }
                  }
                },
                "example": {
                  "status": "draining"
                }
              }
            }
          }
        }
      }
    },
    "/metrics": {
      "get": {
        "operationId": "metrics",
        "summary": "Prometheus metrics",
        "security": [],
        "responses": {
          "200": {
            "description": "Text format 0.0.4.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                },
                "example": "# HELP preflight_http_requests_total HTTP requests answered, by route, method and status.\n# TYPE preflight_http_requests_total counter\npreflight_http_requests_total{route=\"/v1/preflight\",method=\"POST\",status=\"200\"} 42\n"
              }
            }
          }
        }
      }
    },
    "/openapi.json": {
      "get": {
        "operationId": "openapi",
        "summary": "This document",
        "security": [],
        "responses": {
          "200": {
            "description": "OpenAPI 3.1.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                },
                "example": {
                  "openapi": "3.1.0",
                  "info": {
                    "title": "Preflight",
                    "version": "0.4.0"
                  }
                }
              }
            }
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "Needed on /v1/* when `auth.api_keys` is not empty."
      }
    },
    "schemas": {
      "Error": {
        "type": "object",
        "required": [
          "error"
        ],
        "additionalProperties": false,
        "properties": {
          "error": {
            "type": "object",
            "required": [
              "code",
              "message"
            ],
            "additionalProperties": false,
            "properties": {
              "code": {
                "type": "string",
                "enum": [
                  "bad-request",
                  "unsupported-transfer-coding",
                  "invalid-query",
                  "invalid-batch",
                  "unauthorized",
                  "not-found",
                  "method-not-allowed",
                  "body-too-large",
                  "shutting-down",
                  "overloaded",
                  "internal",
                  "unknown-profile",
                  "unknown-format"
                ]
              },
              "message": {
                "type": "string"
              }
            }
          }
        }
      },
      "Finding": {
        "type": "object",
        "required": [
          "code",
          "severity",
          "path",
          "message",
          "fix"
        ],
        "additionalProperties": false,
        "properties": {
          "code": {
            "type": "string",
            "description": "A stable code from the findings catalog (docs/findings.md); the list is generated from Sources/PreflightCore/Report/FindingCode+Catalog.swift by `make generate`.",
            "enum": [
              "payload.invalid-json",
              "payload.not-object",
              "payload.too-large",
              "payload.duplicate-key",
              "envelope.detected",
              "envelope.invalid",
              "envelope.ios.missing",
              "envelope.mutable-content.missing",
              "envelope.image.not-forwarded",
              "envelope.header.not-string",
              "envelope.header.contradicts",
              "envelope.header.unknown",
              "envelope.header.invalid",
              "envelope.payload.too-deep",
              "envelope.field.invalid",
              "envelope.text.no-default",
              "envelope.text.language",
              "envelope.size.near-limit",
              "envelope.template",
              "aps.missing",
              "aps.not-object",
              "aps.mutable-content.missing",
              "aps.mutable-content.invalid",
              "aps.mutable-content.misplaced",
              "aps.alert.missing",
              "aps.alert.empty",
              "aps.alert.template-unresolved",
              "aps.alert.truncated",
              "aps.alert.body.empty-with-title",
              "aps.alert.whitespace",
              "aps.key.unknown",
              "aps.key.invalid-type",
              "aps.key.value-ignored",
              "aps.key.live-activity",
              "aps.content-available.zero",
              "aps.content-available.misplaced",
              "aps.sound.name-missing",
              "aps.sound.unplayable",
              "aps.interruption-level.critical",
              "headers.push-type.missing",
              "headers.push-type.invalid",
              "headers.push-type.not-alert",
              "headers.priority.invalid",
              "headers.priority.low",
              "headers.collapse-id.too-long",
              "headers.expiration.invalid",
              "headers.expiration.milliseconds",
              "headers.topic.empty",
              "headers.topic.push-type-mismatch",
              "headers.apns-id.invalid",
              "headers.channel-id.invalid",
              "headers.request-id.invalid",
              "headers.broadcast.push-type",
              "headers.broadcast.header-missing",
              "aps.event.broadcast-start",
              "headers.duplicate",
              "kind.topic-suffix",
              "kind.priority",
              "kind.expiration",
              "kind.silent-as-alert",
              "kind.alert-in-background",
              "kind.key-missing",
              "kind.key-invalid",
              "kind.mdm-magic",
              "media.none",
              "media.url.missing",
              "media.url.invalid",
              "media.url.too-long",
              "media.url.required-key-missing",
              "media.url.insecure",
              "media.url.no-extension",
              "media.url.extension-unsupported",
              "media.url.extension-mismatch",
              "media.not-fetched",
              "media.fetch.blocked",
              "media.fetch.dns",
              "media.fetch.connect",
              "media.fetch.tls",
              "media.fetch.timeout",
              "media.fetch.http-status",
              "media.fetch.too-many-redirects",
              "media.fetch.redirected",
              "media.fetch.ats",
              "media.fetch.truncated",
              "media.fetch.slow",
              "media.fetch.content-encoding",
              "media.fetch.failed",
              "media.empty",
              "media.too-large",
              "media.type.unsupported",
              "media.type.mismatch",
              "media.image.memory",
              "media.corrupt",
              "media.size.near-limit",
              "media.container.no-moov",
              "media.container.moov-too-large",
              "media.container.too-many-tracks",
              "media.container.not-checked",
              "media.video.codec-unsupported",
              "media.video.profile-unsupported",
              "media.video.hevc-tag",
              "media.audio.codec-unsupported",
              "attachment.untyped",
              "attachment.device-memory",
              "attachment.device-time"
            ]
          },
          "severity": {
            "type": "string",
            "enum": [
              "error",
              "warning",
              "info"
            ]
          },
          "path": {
            "type": [
              "string",
              "null"
            ],
            "description": "Dotted path in the payload, a header name, or null."
          },
          "message": {
            "type": "string"
          },
          "fix": {
            "type": "string"
          }
        }
      },
      "PayloadSummary": {
        "type": "object",
        "required": [
          "bytes",
          "limit",
          "push_type",
          "judged_as",
          "media_url",
          "media_key",
          "profile"
        ],
        "additionalProperties": false,
        "properties": {
          "bytes": {
            "type": "integer",
            "minimum": 0,
            "description": "The payload's size; for a provider's request, the size of the derived payload."
          },
          "limit": {
            "type": "integer",
            "minimum": 1
          },
          "push_type": {
            "type": "string"
          },
          "judged_as": {
            "type": "string",
            "enum": [
              "rich-alert",
              "alert",
              "background",
              "voip",
              "liveactivity",
              "liveactivity-broadcast",
              "pushtotalk",
              "widgets",
              "controls",
              "location",
              "complication",
              "fileprovider",
              "mdm"
            ],
            "description": "What the push was judged as, from apns-push-type and the payload: which rule table applied. rich-alert is an alert the Notification Service Extension acts on (mutable-content, a media URL under the profile's keys, or expect=media); alert is one shown as sent; liveactivity-broadcast is a liveactivity push with apns-channel-id."
          },
          "media_url": {
            "type": [
              "string",
              "null"
            ]
          },
          "media_key": {
            "type": [
              "string",
              "null"
            ],
            "description": "The JSON Pointer (RFC 6901) the media URL was found at, e.g. /image or /att/id."
          },
          "profile": {
            "type": "string",
            "description": "The extension profile the push was judged for (generic, firebase, onesignal, airship, clevertap, braze, or one from the configuration)."
          }
        }
      },
      "Media": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "url",
          "final_url",
          "http_status",
          "redirects",
          "content_type",
          "sniffed_type",
          "bytes",
          "sha256",
          "cached",
          "primary_ip",
          "timing_ms"
        ],
        "properties": {
          "url": {
            "type": "string"
          },
          "final_url": {
            "type": [
              "string",
              "null"
            ]
          },
          "http_status": {
            "type": [
              "integer",
              "null"
            ]
          },
          "redirects": {
            "type": "integer",
            "minimum": 0
          },
          "content_type": {
            "type": [
              "string",
              "null"
            ]
          },
          "sniffed_type": {
            "type": [
              "string",
              "null"
            ]
          },
          "bytes": {
            "type": "integer",
            "minimum": 0
          },
          "sha256": {
            "type": [
              "string",
              "null"
            ],
            "pattern": "^[0-9a-f]{64}$"
          },
          "cached": {
            "type": "boolean"
          },
          "primary_ip": {
            "type": [
              "string",
              "null"
            ]
          },
          "timing_ms": {
            "type": "object",
            "required": [
              "dns",
              "connect",
              "tls",
              "first_byte",
              "total"
            ],
            "additionalProperties": false,
            "properties": {
              "dns": {
                "type": "number",
                "minimum": 0
              },
              "connect": {
                "type": "number",
                "minimum": 0
              },
              "tls": {
                "type": "number",
                "minimum": 0
              },
              "first_byte": {
                "type": "number",
                "minimum": 0
              },
              "total": {
                "type": "number",
                "minimum": 0
              }
            }
          },
          "image": {
            "type": "object",
            "required": [
              "width",
              "height",
              "frames"
            ],
            "additionalProperties": false,
            "properties": {
              "width": {
                "type": "integer",
                "minimum": 1
              },
              "height": {
                "type": "integer",
                "minimum": 1
              },
              "frames": {
                "type": "integer",
                "minimum": 1
              }
            }
          },
          "video": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "codec",
              "fourcc",
              "profile",
              "width",
              "height",
              "duration_s"
            ],
            "description": "The first video track of an MP4/MOV/M4A, from its moov box.",
            "properties": {
              "codec": {
                "type": "string",
                "description": "As ffprobe names it: h264, hevc, av1, vp9, mpeg4, prores, aac, mp3, alac, ac3, eac3, opus, flac, vorbis, pcm, or the fourcc when unknown."
              },
              "fourcc": {
                "type": "string",
                "description": "The sample entry's type: avc1, hvc1, hev1, mp4a, Opus..."
              },
              "profile": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "H.264 (Baseline, Main, High, High 10, High 4:2:2, High 4:4:4 Predictive...), HEVC (Main, Main 10, Rext) or AAC (LC, HE-AAC, HE-AACv2) profile, as ffprobe names it."
              },
              "duration_s": {
                "type": [
                  "number",
                  "null"
                ],
                "minimum": 0,
                "description": "From the track's mdhd."
              },
              "width": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 0
              },
              "height": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 0
              }
            }
          },
          "audio": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "codec",
              "fourcc",
              "profile",
              "channels",
              "sample_rate",
              "duration_s"
            ],
            "description": "The first audio track of an MP4/MOV/M4A, from its moov box.",
            "properties": {
              "codec": {
                "type": "string",
                "description": "As ffprobe names it: h264, hevc, av1, vp9, mpeg4, prores, aac, mp3, alac, ac3, eac3, opus, flac, vorbis, pcm, or the fourcc when unknown."
              },
              "fourcc": {
                "type": "string",
                "description": "The sample entry's type: avc1, hvc1, hev1, mp4a, Opus..."
              },
              "profile": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "H.264 (Baseline, Main, High, High 10, High 4:2:2, High 4:4:4 Predictive...), HEVC (Main, Main 10, Rext) or AAC (LC, HE-AAC, HE-AACv2) profile, as ffprobe names it."
              },
              "duration_s": {
                "type": [
                  "number",
                  "null"
                ],
                "minimum": 0,
                "description": "From the track's mdhd."
              },
              "channels": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 0
              },
              "sample_rate": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 0
              }
            }
          },
          "tls": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "version",
              "cipher",
              "key_exchange",
              "certificate_key",
              "signature"
            ],
            "description": "What the last https hop negotiated and presented; App Transport Security is judged on it (media.fetch.ats).",
            "properties": {
              "version": {
                "type": "string"
              },
              "cipher": {
                "type": "string"
              },
              "key_exchange": {
                "type": "string",
                "description": "ECDHE, DHE, RSA, other, or any (TLS 1.3)."
              },
              "certificate_key": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The certificate key's type and bits: RSA 2048, EC 256."
              },
              "signature": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The certificate's signature algorithm (OpenSSL long name)."
              }
            }
          }
        }
      },
      "Attachment": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "identifier",
          "kind",
          "uti",
          "file_name",
          "type_hint",
          "bytes",
          "limit"
        ],
        "properties": {
          "identifier": {
            "type": "string"
          },
          "kind": {
            "type": "string",
            "enum": [
              "image",
              "audio",
              "video"
            ],
            "description": "image, audio or video: an MPEG-4 file with only sound tracks is audio whatever its ftyp brand; where the extension names the file, the kind of that name's type."
          },
          "uti": {
            "type": "string"
          },
          "file_name": {
            "type": "string"
          },
          "type_hint": {
            "type": [
              "string",
              "null"
            ]
          },
          "bytes": {
            "type": "integer",
            "minimum": 1
          },
          "limit": {
            "type": "integer",
            "minimum": 1,
            "description": "The kind's limit in decimal bytes (10,000,000 / 5,000,000 / 50,000,000 by default); over it but within its binary reading (x 1.048576) is media.size.near-limit."
          }
        }
      },
      "Report": {
        "type": "object",
        "required": [
          "verdict",
          "findings",
          "payload"
        ],
        "additionalProperties": false,
        "properties": {
          "verdict": {
            "type": "string",
            "enum": [
              "pass",
              "warn",
              "fail"
            ]
          },
          "findings": {
            "type": "array",
            "description": "At most 10 findings of each code; the rest are counted in findings_omitted.",
            "items": {
              "$ref": "#/components/schemas/Finding"
            }
          },
          "findings_omitted": {
            "type": "object",
            "description": "Findings past the 10 kept of their code, counted by code. Absent when none were left out.",
            "additionalProperties": {
              "type": "integer",
              "minimum": 1
            }
          },
          "payload": {
            "$ref": "#/components/schemas/PayloadSummary"
          },
          "media": {
            "$ref": "#/components/schemas/Media"
          },
          "attachment": {
            "$ref": "#/components/schemas/Attachment"
          },
          "envelope": {
            "$ref": "#/components/schemas/Envelope"
          }
        }
      },
      "BatchItem": {
        "type": "object",
        "required": [
          "payload"
        ],
        "additionalProperties": false,
        "properties": {
          "payload": {
            "oneOf": [
              {
                "type": "object",
                "description": "The payload, or a provider's request (FCM, OneSignal, Airship, Braze); judged as compact JSON."
              },
              {
                "type": "string",
                "description": "The payload's exact bytes."
              }
            ]
          },
          "headers": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            },
            "properties": {
              "apns-push-type": {
                "type": "string"
              },
              "apns-priority": {
                "type": "string"
              },
              "apns-topic": {
                "type": "string"
              },
              "apns-expiration": {
                "type": "string"
              },
              "apns-collapse-id": {
                "type": "string"
              },
              "apns-id": {
                "type": "string"
              },
              "apns-channel-id": {
                "type": "string"
              },
              "apns-request-id": {
                "type": "string"
              }
            },
            "description": "The item's apns-* headers (apns-push-type, apns-id, apns-expiration, apns-priority, apns-topic, apns-collapse-id, apns-channel-id, apns-request-id); another apns- name refuses the batch (invalid-batch), one given twice is the item's finding headers.duplicate, other names are ignored."
          },
          "profile": {
            "type": "string",
            "enum": [
              "generic",
              "firebase",
              "onesignal",
              "airship",
              "clevertap",
              "braze"
            ],
            "description": "The extension profile for this item; overrides ?profile= and Preflight-Profile. The presets are listed; a configuration may add more."
          },
          "format": {
            "type": "string",
            "enum": [
              "apns",
              "fcm",
              "onesignal",
              "airship",
              "braze"
            ],
            "description": "The item's envelope format; overrides ?format= and Preflight-Format. Absent: detected from the payload's shape."
          }
        }
      },
      "BatchRequest": {
        "type": "object",
        "required": [
          "items"
        ],
        "properties": {
          "items": {
            "type": "array",
            "minItems": 1,
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/BatchItem"
            }
          }
        }
      },
      "BatchResponse": {
        "type": "object",
        "required": [
          "results"
        ],
        "additionalProperties": false,
        "properties": {
          "results": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Report"
            }
          }
        }
      },
      "APNsPayload": {
        "title": "apns",
        "type": "object",
        "description": "An APNs payload, sent as it will be sent to APNs (`format=apns`).",
        "required": [
          "aps"
        ],
        "properties": {
          "aps": {
            "type": "object"
          }
        },
        "not": {
          "anyOf": [
            {
              "required": [
                "message"
              ]
            },
            {
              "required": [
                "app_id"
              ]
            },
            {
              "required": [
                "notification"
              ]
            },
            {
              "required": [
                "messages"
              ]
            }
          ]
        }
      },
      "FCMMessage": {
        "title": "fcm",
        "type": "object",
        "description": "An FCM HTTP v1 send request (`format=fcm`): `notification` becomes `aps.alert`, `apns.payload` is laid over it, `apns.headers` are the APNs headers, `apns.fcm_options.image` (else `notification.image`) becomes `fcm_options.image`, `data` top-level keys.",
        "required": [
          "message"
        ],
        "properties": {
          "message": {
            "type": "object",
            "properties": {
              "token": {
                "type": "string"
              },
              "topic": {
                "type": "string"
              },
              "condition": {
                "type": "string"
              },
              "notification": {
                "type": "object"
              },
              "data": {
                "type": "object",
                "additionalProperties": {
                  "type": "string"
                }
              },
              "apns": {
                "type": "object"
              }
            }
          }
        },
        "not": {
          "anyOf": [
            {
              "required": [
                "aps"
              ]
            },
            {
              "required": [
                "app_id"
              ]
            },
            {
              "required": [
                "notification"
              ]
            },
            {
              "required": [
                "messages"
              ]
            }
          ]
        }
      },
      "OneSignalNotification": {
        "title": "onesignal",
        "type": "object",
        "description": "A OneSignal create-notification body (`format=onesignal`): `headings`/`subtitle`/`contents` (the `en` text) become `aps.alert`, `ios_attachments` becomes `att`, `data` becomes `custom.a`; OneSignal sets `mutable-content`.",
        "required": [
          "app_id"
        ],
        "properties": {
          "app_id": {
            "type": "string"
          },
          "contents": {
            "type": "object"
          },
          "headings": {
            "type": "object"
          },
          "subtitle": {
            "type": "object"
          },
          "ios_attachments": {
            "type": "object"
          }
        },
        "not": {
          "anyOf": [
            {
              "required": [
                "aps"
              ]
            },
            {
              "required": [
                "message"
              ]
            },
            {
              "required": [
                "notification"
              ]
            },
            {
              "required": [
                "messages"
              ]
            }
          ]
        }
      },
      "AirshipPush": {
        "title": "airship",
        "type": "object",
        "description": "An Airship push object (`format=airship`): `notification.ios` becomes `aps` keys, `ios.media_attachment` becomes `com.urbanairship.media_attachment`.",
        "required": [
          "notification"
        ],
        "properties": {
          "audience": {},
          "device_types": {},
          "notification": {
            "type": "object"
          }
        },
        "not": {
          "anyOf": [
            {
              "required": [
                "aps"
              ]
            },
            {
              "required": [
                "message"
              ]
            },
            {
              "required": [
                "app_id"
              ]
            },
            {
              "required": [
                "messages"
              ]
            }
          ]
        }
      },
      "BrazeSend": {
        "title": "braze",
        "type": "object",
        "description": "A Braze messages/send body (`format=braze`): `messages.apple_push` becomes `aps`, `asset_url`/`asset_file_type` become `ab.att.url`/`ab.att.type`; Braze sets `mutable-content` for an asset.",
        "required": [
          "messages"
        ],
        "properties": {
          "messages": {
            "type": "object",
            "properties": {
              "apple_push": {
                "type": "object"
              }
            }
          }
        },
        "not": {
          "anyOf": [
            {
              "required": [
                "aps"
              ]
            },
            {
              "required": [
                "message"
              ]
            },
            {
              "required": [
                "app_id"
              ]
            },
            {
              "required": [
                "notification"
              ]
            }
          ]
        }
      },
      "Envelope": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "format",
          "detected",
          "derived_payload",
          "derived_headers",
          "allowance_bytes"
        ],
        "description": "Present when the body was a provider's request: what the provider will send APNs.",
        "properties": {
          "format": {
            "type": "string",
            "enum": [
              "fcm",
              "onesignal",
              "airship",
              "braze"
            ]
          },
          "detected": {
            "type": "boolean",
            "description": "True when the format was read from the body's shape (no ?format= or Preflight-Format)."
          },
          "derived_payload": {
            "type": [
              "string",
              "null"
            ],
            "description": "The APNs payload the provider builds, as compact JSON text; null when the body is not the format's shape (`envelope.invalid`)."
          },
          "derived_headers": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            },
            "description": "The apns-* headers the provider sends (from the envelope, else the request's)."
          },
          "allowance_bytes": {
            "type": "integer",
            "minimum": 0,
            "description": "Bytes the provider adds to the payload (ids, analytics keys); `envelope.size.near-limit` when the payload fits only without them."
          }
        }
      },
      "Version": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "version",
          "commit",
          "build_date",
          "libmicrohttpd",
          "libcurl",
          "openssl"
        ],
        "properties": {
          "version": {
            "type": "string"
          },
          "commit": {
            "type": "string"
          },
          "build_date": {
            "type": "string"
          },
          "libmicrohttpd": {
            "type": "string"
          },
          "libcurl": {
            "type": "string"
          },
          "openssl": {
            "type": "string"
          }
        }
      }
    },
    "parameters": {
      "Profile": {
        "name": "profile",
        "in": "query",
        "required": false,
        "description": "The extension profile to judge for (overrides Preflight-Profile, apps and default_profile).",
        "schema": {
          "type": "string",
          "enum": [
            "generic",
            "firebase",
            "onesignal",
            "airship",
            "clevertap",
            "braze"
          ]
        }
      },
      "PreflightProfileHeader": {
        "name": "Preflight-Profile",
        "in": "header",
        "required": false,
        "description": "The extension profile to judge for, when ?profile= is absent.",
        "schema": {
          "type": "string",
          "enum": [
            "generic",
            "firebase",
            "onesignal",
            "airship",
            "clevertap",
            "braze"
          ]
        }
      },
      "Format": {
        "name": "format",
        "in": "query",
        "required": false,
        "description": "The request body's shape: `apns` (the payload itself), or a provider's request (`fcm`, `onesignal`, `airship`, `braze`) judged as the APNs payload the provider derives from it. Overrides Preflight-Format; when both are absent the shape is detected (`envelope.detected`), and an unknown or ambiguous shape is judged as `apns`.",
        "schema": {
          "type": "string",
          "enum": [
            "apns",
            "fcm",
            "onesignal",
            "airship",
            "braze"
          ]
        }
      },
      "PreflightFormatHeader": {
        "name": "Preflight-Format",
        "in": "header",
        "required": false,
        "description": "The request body's shape, when ?format= is absent.",
        "schema": {
          "type": "string",
          "enum": [
            "apns",
            "fcm",
            "onesignal",
            "airship",
            "braze"
          ]
        }
      },
      "Expect": {
        "name": "expect",
        "in": "query",
        "required": false,
        "description": "`media`: the push must carry media, so one with neither a media URL nor mutable-content fails (media.url.missing, aps.mutable-content.missing) instead of passing as a plain push (media.none).",
        "schema": {
          "type": "string",
          "enum": [
            "media"
          ]
        }
      },
      "PreflightExpectHeader": {
        "name": "Preflight-Expect",
        "in": "header",
        "required": false,
        "description": "`media`, as ?expect=media.",
        "schema": {
          "type": "string",
          "enum": [
            "media"
          ]
        }
      }
    },
    "responses": {
      "UnsupportedTransferCoding": {
        "description": "A Transfer-Encoding other than chunked (`unsupported-transfer-coding`); the connection is closed.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      }
    }
  }
}
"""##
}
