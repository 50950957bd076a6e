;;; emacs-test.el --- ERT tests of draftd.el and of Eglot with draft lsp  -*- lexical-binding: t; -*-

;; Run by test-editor-emacs in batch mode against a daemon on a private bus, with the
;; byte-compiled draftd.el loaded.  Each test's outcome goes to $DRAFTD_RESULT.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'draftd)

(defun draftd-test--wait (pred &optional seconds)
  "Process events until PRED is non-nil or SECONDS (default 120) pass; PRED's value."
  (let ((deadline (+ (float-time) (or seconds 120))) value)
    (while (and (not (setq value (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (let ((event (read-event nil nil 0.01)))
        (when (and event (not (ignore-errors (dbus-check-event event))))
          (push event unread-command-events))))
    value))

(defun draftd-test--diag (word)
  "The Flymake diagnostic in the buffer covering exactly WORD."
  (cl-find-if (lambda (d) (equal (buffer-substring-no-properties (flymake-diagnostic-beg d)
                                                                 (flymake-diagnostic-end d))
                                 word))
              (flymake-diagnostics)))

(defun draftd-test--stat (key)
  "The daemon's Stats entry KEY."
  ;; Not dbus-get-property: its 500 ms timeout is too short for a daemon busy loading.
  (let ((stats (car (dbus-call-method :session "org.draftd.Assistant1" "/org/draftd/Assistant1"
                                      "org.freedesktop.DBus.Properties" "Get" :timeout 60000
                                      "org.draftd.Assistant1" "Stats"))))
    (car (cadr (assoc key stats)))))

(defun draftd-test--jobs-served ()
  "The daemon's count of finished jobs."
  (draftd-test--stat "jobs_served"))

(defun draftd-test--long-text (n &optional first)
  "N sentences to correct, each with errors: a job that streams edits for a while.
Their days are numbered from FIRST (default 1): a test that needs the daemon to work takes
days no other test sent, since the daemon answers a sentence it has seen from memory."
  (let ((first (or first 1)))
    (mapconcat (lambda (i) (format "She go to school on day %d and they was happy. " i))
               (number-sequence first (+ first n -1)) "")))

(defun draftd-test--judged-text (n)
  "N sentences each of which the model and the parser judge: a job of seconds, not of moments.
Sentences that sure rules alone correct (`draftd-test--long-text') run at well over a
thousand a second: 400 of them end within a tenth of a second of their first edit, which
is no longer than a Cancel's round trip on a busy machine.  Each of these waits for the
model's scores of its alternatives (\"discussed about\", \"informations\", \"wich\"), so the job
runs a hundred times longer than the round trip.  Days number them: the daemon answers a
sentence it has seen from memory."
  (mapconcat (lambda (i) (format "On day %d we discussed about the informations wich he gave. " i))
             (number-sequence 1 n) ""))

(defmacro draftd-test--on-first-edit (form &rest body)
  "Evaluate FORM; the first time the daemon's Edit signal is applied meanwhile, run BODY.
The edit is the event that says the job has started and is streaming, however fast the
machine: a test that acts then does not guess how long the job takes."
  (declare (indent 1))
  (let ((fired (make-symbol "fired")) (advice (make-symbol "advice")))
    `(let* ((,fired nil)
            (,advice (lambda (&rest _) (unless ,fired (setq ,fired t) ,@body))))
       (advice-add 'draftd--on-edit :after ,advice)
       (unwind-protect ,form
         (advice-remove 'draftd--on-edit ,advice)))))

(ert-deftest draftd-flymake-reports-edits ()
  (with-temp-buffer
    (insert "She go to school yesterday.\n\nThey was happy.\n")
    (text-mode)
    (draftd-mode 1)
    (flymake-start)
    (should (draftd-test--wait (lambda () (and (draftd-test--diag "go") (draftd-test--diag "was")))))
    (let ((go (draftd-test--diag "go")))
      (should (eq (flymake-diagnostic-type go) :warning))
      (should (equal (plist-get (flymake-diagnostic-data go) :replacement) "went"))
      (should (string-match-p "went" (flymake-diagnostic-text go)))
      ;; Apply the edit at point.
      (goto-char (flymake-diagnostic-beg go))
      (draftd-apply-edit-at-point)
      (should (equal (buffer-substring-no-properties (point-min) (line-end-position))
                     "She went to school yesterday.")))))

(ert-deftest draftd-flymake-shows-rules-and-leaves-disabled-ones-out ()
  (with-temp-buffer
    (insert "She go to the libary every day.\n")
    (text-mode)
    (draftd-mode 1)
    (flymake-start)
    (should (draftd-test--wait (lambda () (and (draftd-test--diag "go") (draftd-test--diag "libary")))))
    (let ((libary (draftd-test--diag "libary")))
      (should (string-match-p "\\[spelling\\]" (flymake-diagnostic-text libary)))
      (should (equal (plist-get (flymake-diagnostic-data libary) :rule) "spelling")))
    ;; A family turned off: its diagnostics go at the next check, from the cache.
    (setq-local draftd-disabled-rules '("spelling"))
    (flymake-start)
    (should (draftd-test--wait (lambda () (and (draftd-test--diag "go") (not (draftd-test--diag "libary"))))))
    (draftd-mode -1)))

(ert-deftest draftd-disabled-rules-leave-corrections-out ()
  (with-temp-buffer
    (insert "She go to the libary every day and buy a apple.")
    (let ((draftd-disabled-rules '("spelling")))
      (should (equal (draftd-correct-region (point-min) (point-max))
                     "She goes to the libary every day and buy an apple.")))))

(ert-deftest draftd-flymake-reports-daemon-errors ()
  ;; Over the daemon's 1 MiB limit: its TooLong error reaches Flymake as a panic.
  (with-temp-buffer
    (let ((draftd-max-check-chars (* 4 1024 1024))
          (reported nil))
      (dotimes (_ (* 110 1024))
        (insert "word word "))
      (draftd-flymake (lambda (&rest args) (setq reported args)))
      (should (draftd-test--wait (lambda () reported)))
      (should (eq (car reported) :panic))
      (should (string-match-p "TooLong\\|limit" (plist-get (cdr reported) :explanation))))))

(ert-deftest draftd-correct-region-corrects ()
  (with-temp-buffer
    (insert "Before. She go to school yesterday.")
    (let ((result (draftd-correct-region 9 (point-max))))
      (should (equal result "She went to school yesterday."))
      (should (equal (buffer-string) "Before. She went to school yesterday.")))))

(ert-deftest draftd-add-word-is-never-flagged ()
  (with-temp-buffer
    (insert "We zorbify the widgets daily.")
    (draftd-add-word "zorbify")
    (should (equal (draftd-correct-region (point-min) (point-max)) "We zorbify the widgets daily."))))

(ert-deftest draftd-correct-region-counts-code-points ()
  ;; Characters outside the BMP are one character to Emacs and one code point to draftd.
  (with-temp-buffer
    (insert "I like \U0001F355 and \u5bff\u53f8. She have a cat.\nNext line.")
    (let ((result (draftd-correct-region (point-min) (save-excursion (goto-char (point-min)) (line-end-position)))))
      (should (string-suffix-p "She has a cat." result))
      (should (equal (buffer-string) (concat result "\nNext line."))))))

(ert-deftest draftd-rewrite-region-rewrites ()
  (with-temp-buffer
    (insert "I think that we should maybe go home now.")
    (let ((result (draftd-rewrite-region (point-min) (point-max) "formal")))
      (should (stringp result))
      (should-not (equal result "I think that we should maybe go home now."))
      (should (equal (buffer-string) result)))))

(ert-deftest draftd-cancel-restores-and-stops-the-job ()
  (with-temp-buffer
    ;; The first edit comes once the first sentence is answered, with the other 399 to go:
    ;; the job outlasts the round trip of that edit and the Cancel many times over.  (With
    ;; sentences that rules alone correct, the whole job took 0.3 s and ended before the
    ;; Cancel in 1 run of 3: served, not cancelled.)
    (insert (draftd-test--judged-text 400))
    (let ((before (buffer-string))
          (served (draftd-test--jobs-served))
          (cancelled (draftd-test--stat "jobs_cancelled")))
      ;; C-g sets quit-flag: here it is set once the job streams its first edit.
      (should (eq 'quit (condition-case nil
                            (draftd-test--on-first-edit
                                (progn (draftd-correct-region (point-min) (point-max)) 'finished)
                              (setq quit-flag t))
                          (quit 'quit))))
      (should (equal (buffer-string) before))
      ;; The daemon ends the job as cancelled, never as served, and still serves others.
      (should (draftd-test--wait (lambda () (> (draftd-test--stat "jobs_cancelled") cancelled)) 60))
      (should (equal (draftd-test--jobs-served) served))
      (erase-buffer)
      (insert "They was happy.")
      (should (equal (draftd-correct-region (point-min) (point-max)) "They were happy.")))))

(ert-deftest draftd-eglot-with-draft-lsp ()
  ;; Debian's elpa-eglot is a package: activate the installed packages (-Q skipped that).
  (unless (require 'eglot nil t)
    (let ((package-directory-list '("/usr/share/emacs/site-lisp/elpa")))
      (package-initialize))
    (require 'eglot))
  (let* ((dir (make-temp-file "draftd-eglot" t))
         (file (expand-file-name "notes.txt" dir))
         (eglot-server-programs `((text-mode . ,(split-string (getenv "DRAFTD_LSP")))))
         (buffer nil))
    (with-temp-file file
      (insert "She go to school yesterday.\n\nThey was happy.\n"))
    (unwind-protect
        (progn
          (setq buffer (find-file-noselect file))
          (with-current-buffer buffer
            (text-mode)
            (apply #'eglot (eglot--guess-contact))
            ;; Flymake asks Eglot's backend on its idle timer, which batch Emacs never
            ;; runs: ask it here until the published diagnostics show.
            (should (draftd-test--wait (lambda () (flymake-start) (draftd-test--diag "go"))))
            (goto-char (flymake-diagnostic-beg (draftd-test--diag "go")))
            ;; "go" has two quickfixes now (Replace, Ignore rule): choose as a user would.
            ;; Eglot asks through a popup menu in batch Emacs, else completing-read.
            (cl-letf (((symbol-function 'x-popup-menu)
                       (lambda (_position menu)
                         (cdr (cl-find-if (lambda (item) (string-prefix-p "Replace" (car item))) (cdr (cadr menu))))))
                      ((symbol-function 'completing-read)
                       (lambda (_prompt collection &rest _)
                         (cl-find-if (lambda (c) (string-prefix-p "Replace" c)) (all-completions "" collection)))))
              (eglot-code-actions (point) (point) "quickfix" t))
            (should (draftd-test--wait
                     (lambda () (equal (buffer-substring-no-properties (point-min) (line-end-position))
                                       "She went to school yesterday."))
                     30))
            ;; Eglot too sends the change from an idle timer: send it here.
            (eglot--signal-textDocument/didChange)
            (should (draftd-test--wait (lambda ()
                                         (flymake-start)
                                         (and (null (draftd-test--diag "go")) (draftd-test--diag "was")))))
            (eglot-shutdown (eglot-current-server))))
      (when buffer
        (with-current-buffer buffer (set-buffer-modified-p nil))
        (kill-buffer buffer))
      (delete-directory dir t))))

;; Issue 23: the per-paragraph cache, mode off, long regions, complete and chat.

(ert-deftest draftd-mode-checks-paragraphs-from-the-cache ()
  (with-temp-buffer
    (insert "She go to school yesterday.\n\nThey was happy.\n\nThis is a good day.\n")
    (text-mode)
    (draftd-mode 1)
    (flymake-start)
    (should (draftd-test--wait (lambda () (and (draftd-test--diag "go") (draftd-test--diag "was")))))
    (should (draftd-test--wait (lambda () (null draftd--check-running))))
    ;; One paragraph added: only it goes to the daemon, the others come from the cache.
    (let ((served (draftd-test--jobs-served)))
      (goto-char (point-max))
      (insert "\nShe have a cat.\n")
      (flymake-start)
      (should (draftd-test--wait (lambda () (draftd-test--diag "have"))))
      (should (draftd-test--wait (lambda () (null draftd--check-running))))
      (should (= (draftd-test--jobs-served) (1+ served)))
      (should (draftd-test--diag "go")))
    ;; Off: Flymake, which the mode turned on, goes off with its diagnostics.
    (draftd-mode -1)
    (should-not flymake-mode)
    (should-not (flymake-diagnostics))))

(ert-deftest draftd-mode-cancels-superseded-checks ()
  (with-temp-buffer
    ;; Paragraphs the model judges, on days no other test sends: a check of seconds.  Ones
    ;; that sure rules alone correct ("She go to the market") were all checked between two
    ;; polls on a fast machine, and no check was ever seen running.
    (dotimes (i 12)
      (insert (format "On day %d we discussed about the informations wich he gave.\n\n" (+ 3001 i))))
    (text-mode)
    (draftd-mode 1)
    (flymake-start)
    (should (draftd-test--wait (lambda () draftd--check-running)))
    ;; The whole text replaced: the running paragraphs are gone, their jobs cancelled.
    (let ((old (mapcar #'car draftd--check-running)))
      (erase-buffer)
      (insert "They was happy.\n")
      (flymake-start)
      (should-not (cl-intersection old (mapcar #'car draftd--check-running) :test #'equal))
      (should (draftd-test--wait (lambda () (draftd-test--diag "was")))))
    (draftd-mode -1)))

(ert-deftest draftd-correct-long-region-keeps-emacs-responsive ()
  (with-temp-buffer
    (buffer-enable-undo)
    ;; Days no other test sends: the cancelled 400-sentence job before this one leaves its
    ;; first days in the daemon's memory, and a job answered from there took under one
    ;; period here (CI, a fast machine), which left the timer no time to run.
    (insert (draftd-test--long-text 12 1001))
    (undo-boundary)
    (let* ((before (buffer-string))
           (period 0.02)
           (ticks 0)
           (start (float-time))
           ;; Due at once, then every period: it runs the first time the command lets the
           ;; event loop run, however short the job.
           (timer (run-at-time 0 period (lambda () (cl-incf ticks))))
           (elapsed nil))
      (unwind-protect
          (draftd-correct-region (point-min) (point-max))
        (cancel-timer timer)
        (setq elapsed (- (float-time) start)))
      (should-not (equal (buffer-string) before))
      ;; Timers ran all along: the command does not hold Emacs while the daemon works.  How
      ;; many is relative to how long this job took here, so a fast machine and a busy one
      ;; judge alike: a quarter of the periods it lasted, and at least one (a blocked
      ;; Emacs runs none: the timer is cancelled before the command returns to the loop).
      (should (>= ticks (max 1 (floor (* 0.25 (/ elapsed period))))))
      ;; One undo step restores the whole region.
      (primitive-undo 1 buffer-undo-list)
      (should (equal (buffer-string) before)))))

(ert-deftest draftd-start-failure-is-read-back ()
  ;; Issue 47: the reason an activated draftd left is what Emacs says, when it is this
  ;; call's; an older one is not.
  (let* ((state (make-temp-file "draftd-state" t))
         (process-environment (cons (concat "XDG_STATE_HOME=" state) process-environment))
         (file (expand-file-name "draftd/last-error" state)))
    (unwind-protect
        (progn
          (should-not (draftd--start-failure (float-time)))
          (make-directory (file-name-directory file) t)
          (with-temp-file file (insert "/x/draftd.conf:2: lazy must be true or false, not 'maybe'\nFix it.\n"))
          (should (string-match-p "draftd.conf:2: lazy must be true or false" (draftd--start-failure (- (float-time) 5))))
          (should-not (draftd--start-failure (+ (float-time) 60))))
      (delete-directory state t))))

(ert-deftest draftd-complete-refused-on-a-toy-model ()
  ;; Issue 47: the toy target cannot complete; the refusal is a user-error naming what works
  ;; and the commands that get a model that can, and the buffer is left as it was.
  (with-temp-buffer
    (insert "Once upon a time, there was a little girl who")
    (let* ((before (buffer-string))
           (err (should-error (draftd-complete) :type 'user-error)))
      (should (string-match-p "draft correct.*draft pull qwen2.5-1.5b.*draft use qwen2.5-1.5b"
                              (error-message-string err)))
      (should-not (string-match-p "org.draftd.Error" (error-message-string err)))
      (should (equal (buffer-string) before)))))

(ert-deftest draftd-complete-streams-at-point ()
  (with-temp-buffer
    (buffer-enable-undo)
    (insert "Once upon a time, there was a little girl who")
    (undo-boundary)
    (let* ((before (buffer-string))
           (draftd-force-generation t)
           (result (draftd-complete)))
      (should (> (length result) 0))
      (should (equal (buffer-string) (concat before result)))
      (should (= (point) (point-max)))
      (primitive-undo 1 buffer-undo-list)
      (should (equal (buffer-string) before)))))

(ert-deftest draftd-chat-refused-on-a-toy-model ()
  ;; Issue 47: the refusal is the chat buffer's answer too, and a user-error.
  (let ((draftd-chat-buffer "*draftd refused chat*")
        (draftd-chat-conversation "ert-refused"))
    (should-error (draftd-chat "Tell me a story.") :type 'user-error)
    (with-current-buffer draftd-chat-buffer
      (should (string-match-p "You: Tell me a story.\n\ndraftd: the .*no chat template.*draft use qwen2.5-1.5b"
                              (buffer-string))))
    (kill-buffer draftd-chat-buffer)))

(ert-deftest draftd-chat-streams-the-reply ()
  (let* ((draftd-chat-conversation "ert-chat")
         (draftd-force-generation t)
         (reply (draftd-chat "Tell me a story.")))
    (should (> (length reply) 0))
    (with-current-buffer draftd-chat-buffer
      (should (derived-mode-p 'draftd-chat-mode))
      (should (string-match-p "You: Tell me a story.\n\ndraftd: " (buffer-string)))
      ;; Issue 34: a toy target (here stories260K) is named once, with the way to a real one.
      (should (string-match-p "\\`note: the [0-9.]+M-parameter target .*draft use qwen2.5-1.5b\n" (buffer-string)))
      (should (string-match-p (regexp-quote (string-trim reply)) (buffer-string))))))

(ert-deftest draftd-add-word-drops-cached-flags ()
  ;; Cached answers that flag a word the user adds are asked again; the others stay.
  (puthash "We zorbify it." '((3 7 "zorbified" "spelling" nil)) draftd--cache)
  (puthash "Other text." nil draftd--cache)
  (draftd--forget-word "Zorbify")
  (should (eq (gethash "We zorbify it." draftd--cache 'none) 'none))
  (should-not (eq (gethash "Other text." draftd--cache 'none) 'none)))

(ert-deftest draftd-rewrite-prompt-and-refusal ()
  ;; SPC is a space in the instruction prompt, which shows its default.
  (should (eq (lookup-key draftd-instruction-map " ") #'self-insert-command))
  (let ((draftd--preset-history nil))
    (should (string-match-p "(default formal)" (car (draftd--instruction-prompt)))))
  ;; The shipped models follow their presets only: a free instruction is refused, clearly,
  ;; and the text stays as it was.
  (with-temp-buffer
    (insert "This is a test.")
    (let ((err (should-error (draftd-rewrite-region (point-min) (point-max) "make it shorter"))))
      (should (string-match-p "chat template" (error-message-string err)))
      (should (equal (buffer-string) "This is a test.")))))

;; Issue 33: the dialect and the buffer's file reach the daemon.

(ert-deftest draftd-dialect-from-the-variable-or-the-locale ()
  ;; American spelling only: no dialect leaves it (the test's locale is C.UTF-8).
  (with-temp-buffer
    (insert "I like the color of the sky.")
    (should (equal (draftd-correct-region (point-min) (point-max)) "I like the color of the sky."))
    (let ((draftd-dialect "en_gb"))
      (should (equal (draftd-correct-region (point-min) (point-max)) "I like the colour of the sky.")))
    (let ((process-environment (append '("LC_ALL" "LANG=en_GB.UTF-8") process-environment)))
      (should (equal (draftd--locale-dialect) "en-GB"))
      (should (equal (draftd-correct-region (point-min) (point-max)) "I like the colour of the sky."))
      (let ((draftd-dialect "none"))
        (should (equal (draftd-correct-region (point-min) (point-max)) "I like the colour of the sky."))))
    (let ((process-environment (append '("LC_ALL=fr_FR.UTF-8") process-environment)))
      (should-not (draftd--locale-dialect)))))

(ert-deftest draftd-flymake-follows-the-dialect ()
  ;; A change of draftd-dialect is seen at the next check, not hidden by the cache.
  (with-temp-buffer
    (insert "She go to school. I like the color of the sky.\n")
    (text-mode)
    (draftd-mode 1)
    (flymake-start)
    (should (draftd-test--wait (lambda () (draftd-test--diag "go"))))
    (should-not (draftd-test--diag "color"))
    (setq-local draftd-dialect "en-GB")
    (flymake-start)
    (let ((color (draftd-test--wait (lambda () (draftd-test--diag "color")))))
      (should color)
      (should (equal (plist-get (flymake-diagnostic-data color) :rule) "dialect")))
    (setq-local draftd-dialect nil)
    (flymake-start)
    (should (draftd-test--wait (lambda () (and (draftd-test--diag "go") (not (draftd-test--diag "color"))))))
    (draftd-mode -1)))

(ert-deftest draftd-file-buffers-know-their-workspace-words ()
  ;; A buffer visiting a file under a folder whose .draftd/words.txt lists a made-up word.
  (let* ((root (make-temp-file "draftd-workspace" t))
         (file (expand-file-name "doc/notes.txt" root))
         (text "She go to school. We check our notes with drafte every morning."))
    (make-directory (expand-file-name ".draftd" root) t)
    (make-directory (file-name-directory file) t)
    (with-temp-file (expand-file-name ".draftd/words.txt" root) (insert "drafte\n"))
    (with-temp-file file (insert text "\n"))
    (unwind-protect
        (progn
          (with-temp-buffer
            (insert text)
            (should-not (string-match-p "drafte" (draftd-correct-region (point-min) (point-max)))))
          (with-current-buffer (find-file-noselect file)
            (unwind-protect
                (progn
                  (should (string-match-p "drafte" (draftd-correct-region (point-min) (point-max))))
                  (revert-buffer t t)
                  (draftd-mode 1)
                  (flymake-start)
                  (should (draftd-test--wait (lambda () (draftd-test--diag "go"))))
                  (should-not (draftd-test--diag "drafte"))
                  (draftd-mode -1))
              (set-buffer-modified-p nil)
              (kill-buffer))))
      (delete-directory root t))))

(defun draftd-test-run ()
  "Run the tests; write one ok / not ok line per test to $DRAFTD_RESULT; exit.
$DRAFTD_ERT_SELECT, a regexp, runs only the tests it matches (the count check then fails)."
  (let* ((stats (ert-run-tests-batch (or (getenv "DRAFTD_ERT_SELECT") "^draftd-")))
         (tests (ert--stats-tests stats))
         (results (ert--stats-test-results stats)))
    (with-temp-file (getenv "DRAFTD_RESULT")
      (dotimes (i (length tests))
        (insert (if (ert-test-result-expected-p (aref tests i) (aref results i)) "ok " "not ok ")
                (symbol-name (ert-test-name (aref tests i))) "\n")))
    (kill-emacs (if (zerop (ert-stats-completed-unexpected stats)) 0 1))))

;;; emacs-test.el ends here
