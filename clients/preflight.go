// Preflight from Go (standard library): Preflight(payload) returns "send", "hold" or "send-unchecked".
// PREFLIGHT_URL (default http://127.0.0.1:8080), PREFLIGHT_API_KEY (optional), PREFLIGHT_TIMEOUT (s, default 5).
// Fails open: no answer, a 401 or a 5xx means send anyway, and say so (count it in your metrics).
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

type report struct {
	Verdict  string `json:"verdict"`
	Findings []struct {
		Code     string `json:"code"`
		Severity string `json:"severity"`
	} `json:"findings"`
}

func Preflight(payload []byte) (decision, detail string) {
	base := os.Getenv("PREFLIGHT_URL")
	if base == "" {
		base = "http://127.0.0.1:8080"
	}
	seconds, err := strconv.ParseFloat(os.Getenv("PREFLIGHT_TIMEOUT"), 64)
	if err != nil {
		seconds = 5
	}
	request, err := http.NewRequest(http.MethodPost, base+"/v1/preflight", bytes.NewReader(payload))
	if err != nil {
		return "send-unchecked", "bad PREFLIGHT_URL: " + err.Error()
	}
	request.Header.Set("apns-push-type", "alert")
	if key := os.Getenv("PREFLIGHT_API_KEY"); key != "" {
		request.Header.Set("Authorization", "Bearer "+key)
	}
	client := http.Client{Timeout: time.Duration(seconds * float64(time.Second))}
	response, err := client.Do(request)
	if err != nil { // refused, timed out, reset
		return "send-unchecked", "preflight answered nothing (" + err.Error() + ")"
	}
	defer response.Body.Close()
	if response.StatusCode != http.StatusOK && response.StatusCode != http.StatusUnprocessableEntity {
		return "send-unchecked", fmt.Sprintf("preflight answered %d", response.StatusCode)
	}
	var parsed report
	if err := json.NewDecoder(response.Body).Decode(&parsed); err != nil {
		return "send-unchecked", "preflight answered nothing readable (" + err.Error() + ")"
	}
	if response.StatusCode == http.StatusOK {
		return "send", parsed.Verdict
	}
	var codes []string
	for _, finding := range parsed.Findings {
		if finding.Severity == "error" {
			codes = append(codes, finding.Code)
		}
	}
	return "hold", "fail " + strings.Join(codes, " ")
}

func main() {
	payload, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	decision, detail := Preflight(payload)
	if decision == "send-unchecked" {
		fmt.Printf("%s: %s\n", decision, detail)
	} else {
		fmt.Printf("%s %s\n", decision, detail)
	}
}
