#pragma once
#include <openssl/evp.h>
