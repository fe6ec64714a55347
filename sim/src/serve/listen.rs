//! Accepting connections: at most so many open at once, each given a deadline for its request
//! headers (a connection that sends nothing, or half a header, is closed) and a longest life,
//! after which it closes once its request in flight is answered.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// What bounds the server's connections.
#[derive(Debug, Clone, Copy)]
pub struct Connections {
    /// Connections open at once; the next waits in the kernel's backlog until one closes.
    pub most: usize,
    /// The time a connection has to send a request's headers, waiting for one included.
    pub header_timeout: Duration,
    /// A connection's longest life: then it closes after the request it is answering.
    pub longest: Duration,
}

/// Serves `app` on `listener` until the process stops.
pub async fn serve(listener: TcpListener, app: Router, limits: Connections) {
    let open = Arc::new(Semaphore::new(limits.most));
    loop {
        // Room first, then the next connection: beyond the cap clients wait, file
        // descriptors do not run out.
        let Ok(permit) = open.clone().acquire_owned().await else {
            return;
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors or a connection reset before it was accepted: a
            // moment's pause, then on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _permit = permit;
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .serve_connection(TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                () = tokio::time::sleep(limits.longest) => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
}
