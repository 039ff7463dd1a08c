//! The suit solve in a worker of its own (`fairdeal-suit-worker`), so that Cancel stops it at
//! once: a solve is one synchronous search (a worker cannot read messages while it runs), so
//! the page terminates the worker and starts a new one for the next problem. A worker that
//! has answered is kept for the next problem.
//!
//! * [`Request`] / [`Reply`] — the messages, as JSON strings: `Ready` when the worker has
//!   loaded (the page holds requests until then), `Solve`, then `Progress`
//!   (positions searched, from about 200 ms into a solve, every 100 ms or so), then `Done`
//!   with the solution or `Failed` with the problem's error.
//! * [`serve`] — the worker's side (what the binary runs): `fairdeal_suit::solve_with`, the
//!   call `fairdeal suit` makes, or with `full` `fairdeal_suit::solve_exhaustive` (`fairdeal
//!   suit --full`), with a progress callback.
//! * [`SuitWorker`] — the page's side: spawns the worker on first use, sends, terminates (a
//!   running solve, or on Cancel).

use std::cell::RefCell;
use std::rc::Rc;

use fairdeal_suit::{solve_exhaustive, solve_with, ProblemText, Solution};
use serde::{Deserialize, Serialize};

/// Where Trunk puts the suit worker's loader (the fallback when the page has no
/// `fairdeal-workers` meta naming its hashed script).
pub const SUIT_WORKER_PATH: &str = "/fairdeal-suit-worker.js";

/// Progress is sent once a solve has run this long (ms)…
const QUIET_MS: f64 = 200.0;
/// …then at most this often (ms).
const EVERY_MS: f64 = 100.0;

/// What the page asks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Solve this problem (job number chosen by the page).
    Solve {
        /// The page's job number.
        job: u32,
        /// The problem as the form gives it.
        problem: ProblemText,
        /// Every first play searched in full however long it takes (`fairdeal suit
        /// --full`), instead of the search above a floor past the full search's budget.
        #[serde(default)]
        full: bool,
    },
}

/// What the worker answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// The worker's wasm has loaded and listens (requests sent before are held by the page:
    /// a message that arrives while the wasm is still loading would find no listener).
    Ready,
    /// Positions searched so far.
    Progress {
        /// The job.
        job: u32,
        /// Positions searched.
        positions: usize,
    },
    /// The solution.
    Done {
        /// The job.
        job: u32,
        /// The solution.
        solution: Box<Solution>,
    },
    /// The problem's error (or a message the worker could not read).
    Failed {
        /// The job (0 when the request could not be read).
        job: u32,
        /// The message to show.
        message: String,
    },
}

/// Answers one request (JSON): progress and the result through `post`; `now()` is a clock in
/// milliseconds (the worker's `Date.now`).
pub fn serve(request: &str, now: impl Fn() -> f64 + 'static, post: Rc<dyn Fn(Reply)>) {
    let Request::Solve { job, problem, full } = match serde_json::from_str::<Request>(request) {
        Ok(r) => r,
        Err(e) => {
            return post(Reply::Failed {
                job: 0,
                message: format!("the suit worker could not read the request: {e}"),
            })
        }
    };
    let problem = match problem.problem() {
        Ok(p) => p,
        Err(e) => {
            return post(Reply::Failed {
                job,
                message: e.to_string(),
            })
        }
    };
    let start = now();
    let mut last = start;
    let post_progress = post.clone();
    let progress = Box::new(move |positions: usize| {
        let t = now();
        if t - start >= QUIET_MS && t - last >= EVERY_MS {
            last = t;
            post_progress(Reply::Progress { job, positions });
        }
        true
    });
    let solved = if full {
        solve_exhaustive(&problem, Some(progress))
    } else {
        solve_with(&problem, Some(progress))
    };
    post(match solved {
        Ok(solution) => Reply::Done {
            job,
            solution: Box::new(solution),
        },
        Err(e) => Reply::Failed {
            job,
            message: e.to_string(),
        },
    });
}

/// The page's handle on its suit worker.
#[derive(Default)]
pub struct SuitWorker {
    inner: RefCell<Option<Spawned>>,
}

struct Spawned {
    worker: web_sys::Worker,
    /// A solve was sent and its answer has not come yet.
    busy: Rc<std::cell::Cell<bool>>,
    /// Requests waiting for [`Reply::Ready`] (`None` once it came).
    pending: Rc<RefCell<Option<Vec<String>>>>,
    _on_message: wasm_bindgen::closure::Closure<dyn FnMut(web_sys::MessageEvent)>,
}

impl PartialEq for SuitWorker {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl SuitWorker {
    /// Sends `request`, spawning the worker first if there is none (answers go to
    /// `on_reply`). The error is the message to show when the browser refuses a worker.
    pub fn send(
        &self,
        request: &Request,
        on_reply: impl Fn(Reply) + 'static,
    ) -> Result<(), String> {
        use wasm_bindgen::JsCast;
        let text = serde_json::to_string(request).map_err(|e| e.to_string())?;
        let mut slot = self.inner.borrow_mut();
        if slot.is_none() {
            let worker = spawn(&crate::worker::link::worker_url(
                "fairdeal-suit-worker",
                SUIT_WORKER_PATH,
            ))?;
            let pending: Rc<RefCell<Option<Vec<String>>>> = Rc::new(RefCell::new(Some(Vec::new())));
            let busy = Rc::new(std::cell::Cell::new(false));
            let on_message = {
                let (worker, pending, busy) = (worker.clone(), pending.clone(), busy.clone());
                wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
                    move |e: web_sys::MessageEvent| {
                        let reply = e
                            .data()
                            .as_string()
                            .and_then(|s| serde_json::from_str::<Reply>(&s).ok());
                        match reply {
                            Some(Reply::Ready) => {
                                for text in pending.borrow_mut().take().unwrap_or_default() {
                                    let _ = worker.post_message(&text.into());
                                }
                            }
                            Some(r) => {
                                if matches!(r, Reply::Done { .. } | Reply::Failed { .. }) {
                                    busy.set(false);
                                }
                                on_reply(r)
                            }
                            None => {}
                        }
                    },
                )
            };
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            *slot = Some(Spawned {
                worker,
                busy,
                pending,
                _on_message: on_message,
            });
        }
        let spawned = slot.as_ref().expect("spawned above");
        spawned.busy.set(true);
        if let Some(queue) = spawned.pending.borrow_mut().as_mut() {
            queue.push(text);
            return Ok(());
        }
        spawned
            .worker
            .post_message(&text.into())
            .map_err(|_| "the suit worker refused the problem".to_string())
    }

    /// Stops the worker if a solve is running (the solve with it: a worker cannot read
    /// messages while it solves); an idle worker is kept for the next problem (no new worker
    /// to start and compile).
    pub fn stop_running(&self) {
        let running = self.inner.borrow().as_ref().is_some_and(|s| s.busy.get());
        if running {
            self.terminate();
        }
    }

    /// Stops the worker at once (its solve with it); the next [`SuitWorker::send`] starts a
    /// new one.
    pub fn terminate(&self) {
        if let Some(s) = self.inner.borrow_mut().take() {
            s.worker.set_onmessage(None);
            s.worker.terminate();
        }
    }
}

impl Drop for SuitWorker {
    fn drop(&mut self) {
        self.terminate();
    }
}

/// A worker running the loader at `path` (its wasm next to it, `.js` → `_bg.wasm`), started
/// from a blob as gloo-worker starts the others (the CSP allows `worker-src 'self' blob:`).
fn spawn(path: &str) -> Result<web_sys::Worker, String> {
    let fail = |_| "this browser could not start the suit worker".to_string();
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .ok_or("no page address")?;
    let js = web_sys::Url::new_with_base(path, &href)
        .map_err(fail)?
        .to_string()
        .as_string()
        .unwrap_or_default();
    let wasm = js.replace(".js", "_bg.wasm");
    let parts = js_sys::Array::new();
    parts.push(&format!(r#"importScripts("{js}");wasm_bindgen("{wasm}");"#).into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    web_sys::Worker::new(&url).map_err(fail)
}

/// Shared by the page's callbacks.
pub type SharedSuitWorker = Rc<SuitWorker>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    fn run(request: &str) -> Vec<Reply> {
        let out = Rc::new(RefCell::new(Vec::new()));
        let o = out.clone();
        // A clock that moves 100 ms at each look: progress from the 200 ms mark.
        let t = std::cell::Cell::new(0.0);
        serve(
            request,
            move || {
                t.set(t.get() + 100.0);
                t.get()
            },
            Rc::new(move |r| o.borrow_mut().push(r)),
        );
        let v = out.borrow().clone();
        v
    }

    /// A `Solve` request as the page sends it.
    fn request(job: u32, problem: &ProblemText, full: bool) -> String {
        serde_json::to_string(&Request::Solve {
            job,
            problem: problem.clone(),
            full,
        })
        .unwrap()
    }

    #[test]
    fn a_solve_answers_the_engines_solution_after_progress() {
        let problem = ProblemText::from_query("n=KJ9x&s=xxx");
        let replies = run(&request(7, &problem, false));
        let engine = fairdeal_suit::solve(&problem.problem().unwrap()).unwrap();
        let (last, before) = replies.split_last().unwrap();
        assert_eq!(
            last,
            &Reply::Done {
                job: 7,
                solution: Box::new(engine)
            }
        );
        // KJ9x / xxx searches 17 536 positions: progress (every 4096) with the job number.
        assert!(!before.is_empty());
        for r in before {
            assert!(matches!(r, Reply::Progress { job: 7, positions } if *positions > 0));
        }
    }

    /// With `full`, the engine's exhaustive report (`solve_exhaustive`, every first play
    /// searched whatever the budget; the e2e test shows it on a holding over the budget); a
    /// request without the field (an older page) is the default solve.
    #[test]
    fn a_full_solve_answers_the_exhaustive_solution() {
        let problem = ProblemText::from_query("n=KJ9x&s=xxx");
        let request = request(5, &problem, true);
        let engine = fairdeal_suit::solve_exhaustive(&problem.problem().unwrap(), None).unwrap();
        assert_eq!(
            run(&request).last(),
            Some(&Reply::Done {
                job: 5,
                solution: Box::new(engine)
            })
        );
        let old = r#"{"Solve":{"job":5,"problem":{"north":"KJ9x","south":"xxx","target":"","entries":"","vacant":""}}}"#;
        let default = fairdeal_suit::solve(&problem.problem().unwrap()).unwrap();
        assert_eq!(
            run(old).last(),
            Some(&Reply::Done {
                job: 5,
                solution: Box::new(default)
            })
        );
    }

    #[test]
    fn bad_problems_and_bad_requests_are_messages() {
        let req = request(3, &ProblemText::from_query("n=AQZ&s=xx"), false);
        assert_eq!(
            run(&req),
            vec![Reply::Failed {
                job: 3,
                message:
                    "North holding, column 3: 'Z' is not a card (expected A K Q J 10/T 9-2 or x)"
                        .into()
            }]
        );
        let r = run("{not json");
        assert!(
            matches!(&r[..], [Reply::Failed { job: 0, message }] if message.contains("could not read"))
        );
    }
}
