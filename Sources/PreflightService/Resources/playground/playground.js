// The Preflight playground: builds a request from the form, calls POST /v1/preflight like any
// client, and renders the report and the notification as iOS draws it (approximately).
"use strict";

// Collapsed lengths, as PreflightCore's TextRules (docs/push-kinds.md, "Text checks").
const VISIBLE = { title: 44, subtitle: 44, body: 178 };

// Sample media: ?media=BASE serves BASE/image.jpg, image.png, image.webp (the tests' origin).
const params = new URLSearchParams(location.search);
const base = params.get("media");
const MEDIA = base
  ? { jpg: `${base}/image.jpg`, png: `${base}/image.png`, webp: `${base}/image.webp` }
  : {
      jpg: "https://upload.wikimedia.org/wikipedia/commons/3/3f/JPEG_example_flower.jpg",
      png: "https://upload.wikimedia.org/wikipedia/commons/4/47/PNG_transparency_demonstration_1.png",
      webp: "https://www.gstatic.com/webp/gallery/1.webp",
    };

const EXAMPLES = [
  { name: "A good rich push", payload: { aps: { alert: { title: "Spring sale", subtitle: "Today only", body: "Everything in the garden shop is 30% off until midnight." }, "mutable-content": 1 }, image: MEDIA.jpg } },
  { name: "Mistake: no mutable-content", payload: { aps: { alert: { title: "Spring sale", body: "30% off today" } }, image: MEDIA.jpg } },
  { name: "Mistake: a WebP image", payload: { aps: { alert: { title: "New arrivals", body: "See what just landed" }, "mutable-content": 1 }, image: MEDIA.webp } },
  { name: "Mistake: a template left in the text", payload: { aps: { alert: { title: "Hi {{ first_name }}", body: "Your order has shipped" }, "mutable-content": 1 }, image: MEDIA.jpg } },
  { name: "Mistake: a body too long to show", payload: { aps: { alert: { title: "A very long title that will not fit on one line of the lock screen", body: "This body goes on and on: it tells the whole story of the order, the warehouse, the courier, the weather on the way, and the neighbour who signed for it, long after iOS has stopped showing it." }, "mutable-content": 1 }, image: MEDIA.jpg } },
  { name: "A plain push (no media)", payload: { aps: { alert: { title: "Order shipped", body: "It arrives Tuesday." } } } },
  { name: "FCM message", format: "fcm", payload: { message: { token: "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", notification: { title: "Sparky says hello!", body: "Here is a picture" }, apns: { payload: { aps: { "mutable-content": 1 } }, fcm_options: { image: MEDIA.png } } } } },
  { name: "OneSignal notification", format: "onesignal", payload: { app_id: "YOUR_APP_ID", include_subscription_ids: ["1dd608f2-c6a1-11e3-851d-000c2940e62c"], headings: { en: "New arrivals" }, contents: { en: "See what just landed" }, ios_attachments: { id1: MEDIA.png } } },
  { name: "Airship push", format: "airship", payload: { audience: "all", device_types: ["ios"], notification: { ios: { alert: { title: "Airship", body: "A picture is worth a thousand words" }, mutable_content: true, media_attachment: { url: MEDIA.png } } } } },
  { name: "Braze messages/send", format: "braze", payload: { external_user_ids: ["user-1"], messages: { apple_push: { alert: { title: "Braze", body: "Your order shipped" }, asset_url: MEDIA.png, asset_file_type: "png" } } } },
  { name: "Expo push message", format: "expo", payload: { to: "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", title: "Expo", body: "A picture from the Expo push API", richContent: { image: MEDIA.jpg }, mutableContent: true } },
  // Expo's API takes an array of messages; the answer is one report per message ({"results": [...]}).
  { name: "Expo push messages (an array)", format: "expo", payload: [
    { to: "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", title: "Expo", body: "A picture from the Expo push API", richContent: { image: MEDIA.jpg }, mutableContent: true },
    { to: "ExponentPushToken[yyyyyyyyyyyyyyyyyyyyyy]", title: "Expo", body: "A WebP picture", richContent: { image: MEDIA.webp }, mutableContent: true },
  ] },
  // SNS wants the APNs payload as a JSON string inside Message, itself a JSON string.
  { name: "AWS SNS Publish", format: "sns", payload: { TargetArn: "arn:aws:sns:us-east-1:123456789012:endpoint/APNS/MyApp/5b7e8a1c", MessageStructure: "json", Message: JSON.stringify({ default: "Weekend deals", APNS: JSON.stringify({ aps: { alert: { title: "Weekend deals", body: "Check out these awesome deals!" }, "mutable-content": 1 }, image: MEDIA.png }) }), MessageAttributes: { "AWS.SNS.MOBILE.APNS.PUSH_TYPE": { DataType: "String", StringValue: "alert" } } } },
  { name: "Azure Notification Hubs send", format: "azure", payload: { aps: { alert: { title: "Azure", body: "Sent through a notification hub" }, "mutable-content": 1 }, image: MEDIA.png } },
];

const $ = (id) => document.getElementById(id);

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function loadExample(index) {
  const example = EXAMPLES[index];
  $("payload").value = JSON.stringify(example.payload, null, 2);
  $("format").value = example.format || "";
}

function requestHeaders() {
  const headers = { "Content-Type": "application/json" };
  for (const [id, name] of [["push-type", "apns-push-type"], ["priority", "apns-priority"], ["topic", "apns-topic"],
                            ["expiration", "apns-expiration"], ["collapse-id", "apns-collapse-id"]]) {
    const value = $(id).value.trim();
    if (value) headers[name] = value;
  }
  if ($("format").value) headers["Preflight-Format"] = $("format").value;
  // An Azure native send names its platform in this header, as the hub requires.
  if ($("format").value === "azure") headers["ServiceBusNotification-Format"] = "apple";
  if ($("profile").value) headers["Preflight-Profile"] = $("profile").value;
  const key = $("api-key").value.trim();
  if (key) headers.Authorization = `Bearer ${key}`;
  return headers;
}

async function check(event) {
  event.preventDefault();
  sessionStorage.setItem("preflight-api-key", $("api-key").value);
  $("check").disabled = true;
  try {
    const response = await fetch("/v1/preflight", { method: "POST", headers: requestHeaders(), body: $("payload").value });
    const answer = await response.json();
    if (response.status === 200 || response.status === 422) {
      // An Expo array is answered {"results": [...]}, a report a message.
      $("messages").hidden = !Array.isArray(answer.results);
      if (Array.isArray(answer.results)) renderMessages(answer.results, response.status);
      else renderReport(answer, response.status);
    } else {
      renderError(response.status, answer.error ? `${answer.error.code}: ${answer.error.message}` : "unexpected answer");
    }
  } catch (error) {
    renderError(0, `no answer from the server (${error.message})`);
  } finally {
    $("check").disabled = false;
  }
}

// An Expo array's answer: one report per message, in order. The page shows one at a time, the
// first that fails (else the first), and a choice of the others.
function renderMessages(reports, status) {
  const select = $("message");
  select.replaceChildren(...reports.map((report, index) =>
    new Option(`message ${index + 1} of ${reports.length}: ${report.verdict}`, String(index))));
  select.onchange = () => renderReport(reports[Number(select.value)], status);
  const failing = reports.findIndex((report) => report.verdict === "fail");
  select.value = String(Math.max(failing, 0));
  renderReport(reports[Number(select.value)], status);
}

function renderError(status, message) {
  $("result").hidden = false;
  $("messages").hidden = true;
  $("preview").hidden = true;
  $("verdict").textContent = "error";
  $("verdict").className = "verdict fail";
  $("status").textContent = status ? `HTTP ${status}` : "";
  $("judged").textContent = "";
  $("error").hidden = false;
  $("error").textContent = message;
  $("findings").tBodies[0].replaceChildren();
  $("media").replaceChildren();
  $("attachment").replaceChildren();
}

function facts(list, pairs) {
  list.replaceChildren();
  for (const [name, value] of pairs) {
    if (value === undefined || value === null || value === "") continue;
    list.append(element("dt", null, name), element("dd", null, value));
  }
  if (!list.children.length) list.append(element("dt", null, "none"), element("dd", null, "-"));
}

function renderReport(report, status) {
  $("result").hidden = false;
  $("error").hidden = true;
  $("verdict").textContent = report.verdict;
  $("verdict").className = `verdict ${report.verdict}`;
  $("status").textContent = `HTTP ${status}`;
  // Which kind's rules applied (payload.judged_as): a rich alert, a plain alert, background...
  $("judged").textContent = report.payload ? `judged as ${report.payload.judged_as}` : "";
  $("modelled").textContent = report.payload ? modelled(report.payload) : "";
  const rows = report.findings.map((finding) => {
    const row = element("tr");
    row.dataset.code = finding.code;
    row.append(element("td", "code", finding.code), element("td", null, finding.severity),
               element("td", null, finding.path ?? ""), element("td", null, finding.message), element("td", null, finding.fix));
    return row;
  });
  if (!rows.length) {
    const none = element("tr");
    const cell = element("td", null, "no findings");
    cell.colSpan = 5;
    none.append(cell);
    rows.push(none);
  }
  $("findings").tBodies[0].replaceChildren(...rows);
  const media = report.media;
  facts($("media"), media ? [
    ["URL", media.url], ["Final URL", media.final_url], ["HTTP status", media.http_status], ["Redirects", media.redirects],
    ["Content-Type", media.content_type], ["Bytes are", media.sniffed_type], ["Size", media.bytes],
    ["Image", media.image && `${media.image.width} x ${media.image.height}, ${media.image.frames} frame(s)`],
    ["Video", media.video && `${media.video.codec} ${media.video.profile ?? ""} ${media.video.width} x ${media.video.height}`],
    ["Audio", media.audio && `${media.audio.codec} ${media.audio.channels} ch ${media.audio.sample_rate} Hz`],
    ["TLS", media.tls && `${media.tls.version} ${media.tls.cipher}`],
    ["Total time", `${media.timing_ms.total} ms`],
  ] : [["Download", "none"]]);
  const plan = report.attachment;
  facts($("attachment"), plan ? [["Kind", plan.kind], ["Type", plan.uti], ["File", plan.file_name],
    ["Type hint", plan.type_hint], ["Size", `${plan.bytes} of ${plan.limit} bytes`]] : [["Attachment", "none"]]);
  $("envelope").hidden = !report.envelope;
  $("derived").textContent = report.envelope ? report.envelope.derived_payload ?? "" : "";
  renderPreview(report);
}

// The profile the verdict assumed and what it models, as the text report's second line says it.
function modelled(payload) {
  const source = payload.profile_source;
  if (!source) return `profile ${payload.profile}: defined in the configuration`;
  return `profile ${payload.profile}: models ${source.models}` + (source.unverified ? `; not read from source: ${source.unverified}` : "");
}

// The profile list from GET /v1/profiles, each option titled with what it models. The options in
// the page stay when the server needs a key the tab has not been given.
async function loadProfiles() {
  const key = $("api-key").value.trim();
  const response = await fetch("/v1/profiles", { headers: key ? { Authorization: `Bearer ${key}` } : {} });
  if (!response.ok) return;
  const list = await response.json();
  const select = $("profile");
  const chosen = select.value;
  const options = list.profiles.map((profile) => {
    const option = new Option(profile.name, profile.name);
    option.title = profile.source ? profile.source.models : "defined in the configuration";
    return option;
  });
  select.replaceChildren(new Option(`server default (${list.default_profile})`, ""), ...options);
  select.value = list.profiles.some((profile) => profile.name === chosen) ? chosen : "";
}

// The alert as iOS reads it: from the derived payload for a provider's request.
function alertOf(report) {
  let payload;
  try {
    payload = JSON.parse(report.envelope && report.envelope.derived_payload ? report.envelope.derived_payload : $("payload").value);
  } catch {
    return { title: "", subtitle: "", body: "" };
  }
  const alert = payload && payload.aps ? payload.aps.alert : undefined;
  if (typeof alert === "string") return { title: "", subtitle: "", body: alert };
  if (alert && typeof alert === "object") {
    return { title: alert.title ?? "", subtitle: alert.subtitle ?? "", body: alert.body ?? "" };
  }
  return { title: "", subtitle: "", body: "" };
}

function cut(text, limit) {
  const characters = Array.from(text);
  return characters.length > limit ? `${characters.slice(0, limit).join("")}…` : text;
}

function mediaElement(report, className) {
  const plan = report.attachment;
  const url = report.media && report.media.final_url;
  if (!plan || !url) return null;
  let node;
  if (plan.kind === "video") {
    node = element("video", className);
    node.preload = "metadata";
    node.muted = true;
  } else if (plan.kind === "audio") {
    node = element("audio", className);
    node.controls = true;
  } else {
    node = element("img", className);
    node.alt = "The notification's image";
  }
  node.src = url;
  return node;
}

function textBlock(alert, collapsed) {
  const block = element("div", "text");
  const app = element("div", "app");
  app.append(element("span", null, ($("topic").value.trim() || "YOUR APP").toUpperCase()), element("span", null, "now"));
  block.append(app);
  if (alert.title) block.append(element("div", "title", collapsed ? cut(alert.title, VISIBLE.title) : alert.title));
  if (alert.subtitle) block.append(element("div", "subtitle", collapsed ? cut(alert.subtitle, VISIBLE.subtitle) : alert.subtitle));
  if (alert.body) block.append(element("div", "body", collapsed ? cut(alert.body, VISIBLE.body) : alert.body));
  return block;
}

function renderPreview(report) {
  $("preview").hidden = false;
  const alert = alertOf(report);
  const attached = report.attachment && report.verdict !== "fail";
  const why = report.findings.find((finding) => finding.severity === "error");
  $("fallback").hidden = attached || !report.media && !why;
  $("fallback").textContent = attached ? "" :
    `The media will not be attached: iOS shows the plain-text notification below${why ? ` (${why.code}: ${why.message})` : ""}.`;
  for (const rendition of document.querySelectorAll(".rendition")) {
    const collapsed = rendition.querySelector(".card.collapsed");
    const expanded = rendition.querySelector(".card.expanded");
    collapsed.replaceChildren(textBlock(alert, true));
    expanded.replaceChildren();
    const thumb = attached ? mediaElement(report, "thumb") : null;
    if (thumb) collapsed.append(thumb);
    const full = attached ? mediaElement(report, "media") : null;
    if (full) expanded.append(full);
    expanded.append(textBlock(alert, false));
  }
}

document.addEventListener("DOMContentLoaded", () => {
  const select = $("example");
  EXAMPLES.forEach((example, index) => select.append(new Option(example.name, String(index))));
  select.addEventListener("change", () => loadExample(Number(select.value)));
  loadExample(0);
  $("api-key").value = sessionStorage.getItem("preflight-api-key") ?? "";
  $("form").addEventListener("submit", check);
  $("api-key").addEventListener("change", loadProfiles);
  loadProfiles();
});
