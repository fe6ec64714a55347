//! What every request passes before a game sees it: the Host it names, JSON bodies and
//! queries read with their refusals as `{"error": ...}`, and the headers every answer carries.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use super::ApiError;

/// A JSON body whose refusal (bad JSON 400, wrong fields 422, not JSON 415, too large 413) is
/// answered as `{"error": ...}` like every other.
pub(super) struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        match axum::Json::<T>::from_request(request, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(ApiError(rejection.status(), rejection.body_text())),
        }
    }
}

/// A query string read as `T`, refused (400) as `{"error": ...}`.
pub(super) struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(ApiQuery(value)),
            Err(rejection) => Err(ApiError(rejection.status(), rejection.body_text())),
        }
    }
}

/// The Host names a request may carry: the address the server listens on, `localhost` at its
/// port, and the names the operator configured (`--host`). Anything else is refused, so a
/// page of another site that rebinds its name to this address cannot reach the games.
#[derive(Debug, Clone)]
pub struct Hosts(Vec<String>);

impl Hosts {
    /// The names for a server listening on `addr`, with `extra` names (a reverse proxy's).
    pub fn new(addr: std::net::SocketAddr, extra: &[String]) -> Hosts {
        let port = addr.port();
        let mut names = vec![addr.to_string(), format!("localhost:{port}")];
        if addr.ip().is_loopback() {
            names.push(format!("127.0.0.1:{port}"));
            names.push(format!("[::1]:{port}"));
        }
        names.extend(extra.iter().map(|name| name.to_ascii_lowercase()));
        Hosts(names)
    }

    fn allows(&self, host: &str) -> bool {
        let host = host.to_ascii_lowercase();
        self.0.contains(&host)
    }
}

/// Refuses a request whose Host is not one of the server's names (421, as JSON).
pub async fn check_host(
    axum::extract::State(hosts): axum::extract::State<std::sync::Arc<Hosts>>,
    request: Request,
    next: Next,
) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("");
    if !hosts.allows(host) {
        return ApiError(
            StatusCode::MISDIRECTED_REQUEST,
            format!("Host {host:?} is not this server's name (owlery serve --host NAME adds one)"),
        )
        .into_response();
    }
    next.run(request).await
}

/// The page may load only its own script and style and may not be framed by another site.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; \
     connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// Adds the security headers to every answer.
pub async fn secure_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// A path no route serves: 404 as JSON.
pub(super) async fn not_found() -> ApiError {
    ApiError(StatusCode::NOT_FOUND, "no such path".into())
}

/// A method the path does not take: 405 as JSON.
pub(super) async fn not_allowed() -> ApiError {
    ApiError(
        StatusCode::METHOD_NOT_ALLOWED,
        "the path does not take this method".into(),
    )
}
