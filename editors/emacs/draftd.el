;;; draftd.el --- Grammar correction and rewriting with draftd over D-Bus  -*- lexical-binding: t; -*-

;; Copyright (C) 2026 the draftd authors
;; SPDX-License-Identifier: MIT
;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: convenience, wp

;;; Commentary:

;; draftd is a local writing assistant: a daemon on the D-Bus session bus
;; (org.draftd.Assistant1) that corrects and rewrites text with local models.
;; This package talks to it through Emacs's own dbus.el:
;;
;;   `draftd-mode'            a minor mode checking the buffer with Flymake,
;;                            paragraph by paragraph, answers cached
;;   `draftd-flymake'         the Flymake backend (usable on its own)
;;   `draftd-apply-edit-at-point'  apply the fix under point
;;   `draftd-correct-region'  correct the region, edits streamed as the daemon finds them
;;   `draftd-rewrite-region'  rewrite the region as formal, concise, simple, friendly
;;                            or after any instruction the model can follow
;;   `draftd-complete'        continue the text at point, streamed
;;   `draftd-chat'            talk to the model in a chat buffer
;;
;; Streaming jobs run through the daemon's Start method; Emacs redisplays and runs its
;; timers meanwhile, a command is one undo step, and C-g cancels the job on the daemon
;; and restores the region.  Setup:
;;
;;   (add-to-list 'load-path "/usr/share/draftd/emacs")
;;   (require 'draftd)
;;   (add-hook 'text-mode-hook #'draftd-mode)

;;; Code:

(require 'cl-lib)
(require 'dbus)
(require 'flymake)
(require 'subr-x)

(defgroup draftd nil
  "Grammar correction and rewriting with the draftd daemon."
  :group 'text
  :prefix "draftd-")

(defcustom draftd-bus :session
  "The D-Bus bus draftd is on."
  :type '(choice (const :session) (const :system) string))

(defcustom draftd-presets '("formal" "concise" "simple" "friendly")
  "Rewrite presets offered by `draftd-rewrite-region'.
Any other text typed at the prompt is sent as a free instruction."
  :type '(repeat string))

(defcustom draftd-timeout 120
  "Seconds to wait for the daemon before giving up."
  :type 'integer)

(defcustom draftd-max-check-chars 200000
  "Buffers larger than this are not checked by the Flymake backend."
  :type 'integer)

(defconst draftd--service "org.draftd.Assistant1")
(defconst draftd--path "/org/draftd/Assistant1")
(defconst draftd--interface "org.draftd.Assistant1")

(defcustom draftd-disabled-rules nil
  "Rule ids, or families of them, whose edits draftd leaves out.
A family is a prefix up to a dot: \"confusable\" covers
\"confusable.then-than\".  Each diagnostic shows its rule in brackets;
docs/editors.md lists the ids.  Sent with every correction (the daemon
leaves the edits out of the corrected text too) and applied to Flymake's
diagnostics as they are shown."
  :type '(repeat string))

(defcustom draftd-dialect nil
  "The English dialect corrections hold spellings to, e.g. \"en-GB\" or \"en-US\".
The other dialects' spellings are then edits of kind dialect (rule
\"dialect\").  nil: draftd.conf's dialect, else the one the locale names
\(LC_ALL, else LC_MESSAGES, else LANG: \"en_GB.UTF-8\" is en-GB).  \"none\":
no dialect, each text is held to the one it follows itself."
  :type '(choice (const :tag "The locale's" nil)
                 (const :tag "None" "none")
                 (string :tag "Dialect")))

(defcustom draftd-language nil
  "The language corrections check the buffer in, as a code: \"uk\", \"cs\", \"pt-BR\".
nil (or \"auto\"): each sentence's own, as draftd identifies it.  A language
without an installed Hunspell dictionary (hunspell-LANG) is left unchecked.
Buffer-local values (a file variable) serve multilingual work."
  :type '(choice (const :tag "Auto" nil)
                 (string :tag "Language code")))

(defun draftd--language-options ()
  "The language option of a correction: `draftd-language', else none (auto).
The daemon checks the code and says what is wrong with a bad one."
  (when (and draftd-language (not (member (downcase draftd-language) '("auto" ""))))
    `((:dict-entry "language" (:variant ,draftd-language)))))

(defun draftd--locale-dialect ()
  "The dialect the locale names (as draft and draftd-lsp read it), or nil."
  (let ((locale (cl-some (lambda (var) (let ((v (getenv var))) (and v (not (string-empty-p v)) v)))
                         '("LC_ALL" "LC_MESSAGES" "LANG")))
        (case-fold-search t))
    (when (and locale (string-match "\\`en[_-]\\([a-z][a-z]\\)\\(?:[.@]\\|\\'\\)" locale))
      (concat "en-" (upcase (match-string 1 locale))))))

(defun draftd--dialect-options ()
  "The dialect option of a correction: `draftd-dialect', else the locale's."
  (let ((case-fold-search t))
    (cond ((null draftd-dialect)
           (let ((locale (draftd--locale-dialect)))
             (and locale `((:dict-entry "locale_dialect" (:variant ,locale))))))
          ((member (downcase draftd-dialect) '("none" "")) '((:dict-entry "dialect" (:variant ""))))
          ;; en_gb as en-GB; anything else goes as written, for the daemon to say what is wrong.
          ((string-match "\\`en[_-]\\([a-z][a-z]\\)\\'" draftd-dialect)
           `((:dict-entry "dialect" (:variant ,(concat "en-" (upcase (match-string 1 draftd-dialect)))))))
          (t `((:dict-entry "dialect" (:variant ,draftd-dialect)))))))

(defun draftd--document-file ()
  "The buffer's file as the daemon takes it (absolute, local), or nil."
  (let ((file (and buffer-file-name (expand-file-name buffer-file-name))))
    (and file (not (file-remote-p file)) (<= (string-bytes file) 4096) file)))

(defun draftd--options (&optional all-rules)
  "The a{sv} options of Correct and Rewrite.
Offsets are in code points, as Emacs counts characters.  Unless ALL-RULES (the
Flymake checks, whose cached answers outlive a change of the list), the
disabled rules go with them.  The dialect and the buffer's file (whose
workspace's .draftd/words.txt the daemon reads) go too; a rewrite ignores them."
  (let ((file (draftd--document-file)))
    `(:array (:dict-entry "offset_unit" (:variant "codepoint"))
             ,@(when (and draftd-disabled-rules (not all-rules))
                 `((:dict-entry "disabled_rules" (:variant (:array ,@draftd-disabled-rules)))))
             ,@(draftd--dialect-options)
             ,@(draftd--language-options)
             ,@(when file `((:dict-entry "path" (:variant ,file)))))))

(defun draftd--rule-disabled-p (rule)
  "Whether RULE falls under `draftd-disabled-rules' (an id, or its family)."
  (and rule
       (cl-some (lambda (off)
                  (let ((off (string-trim-right off "\\.+")))
                    (and (not (string-empty-p off))
                         (string-prefix-p off rule)
                         (or (= (length off) (length rule)) (eq (aref rule (length off)) ?.)))))
                draftd-disabled-rules)))

(defun draftd--severity (kind)
  "The Flymake diagnostic type of an edit of KIND."
  ;; Grammar errors come named by what they are: agreement, verb form, article, ...
  (pcase kind
    ((or "punctuation" "capitalization" "style" "rewrite") :note)
    (_ :warning)))

(defun draftd--message (kind original replacement &optional message rule)
  "A diagnostic text for replacing ORIGINAL with REPLACEMENT (an edit of KIND).
MESSAGE, when the daemon sent one, is used as it is; RULE, when it sent one,
follows in brackets (the id `draftd-disabled-rules' takes)."
  (concat (cond ((and message (not (string-empty-p message))) message)
                ((string-empty-p replacement) (format "%s: delete \u201c%s\u201d" kind original))
                ((string-empty-p original) (format "%s: insert \u201c%s\u201d" kind replacement))
                (t (format "%s: \u201c%s\u201d \u2192 \u201c%s\u201d" kind original replacement)))
          (if (and rule (not (string-empty-p rule))) (format " [%s]" rule) "")))

;;;; Jobs

(cl-defstruct (draftd--job (:constructor draftd--job-create))
  path buffer start (shift 0) done result error
  stats       ; the Finished signal's statistics, an alist
  text        ; the text sent
  collect     ; non-nil: Edit signals are collected in `edits', not applied
  edits       ; collected edits, last first
  marker      ; where Chunk signals insert their text, or nil
  on-done)    ; called with the job when it finishes or fails, or nil

;;;; Flymake

;; The buffer is checked paragraph by paragraph, each answer cached by the paragraph's
;; text (as draft lsp does): a change re-checks only the paragraphs it touched, the one at
;; point first, and a paragraph's diagnostics show as soon as its answer comes.  A check
;; that a newer one supersedes stops: its queue is dropped and its running jobs whose text
;; is gone from the buffer are cancelled on the daemon.

(defcustom draftd-check-jobs 2
  "How many paragraphs the Flymake backend has the daemon check at once."
  :type 'integer)

(defvar-local draftd--cache (make-hash-table :test #'equal)
  "Paragraph text -> the edits Correct gave for it.
Each edit is (OFFSET LENGTH REPLACEMENT KIND MESSAGE RULE).  The answers
depend on the options sent beside the text too (the dialect, the file's
folder): each buffer's check uses the table of its options, from
`draftd--caches'.")

(defvar draftd--caches (make-hash-table :test #'equal)
  "(DIALECT-OPTIONS LANGUAGE-OPTIONS FOLDER) -> the `draftd--cache' of buffers checked with them.")

(defun draftd--use-cache ()
  "Make `draftd--cache' the table for the buffer's options as they are now."
  (let* ((file (draftd--document-file))
         (scope (list (draftd--dialect-options) (draftd--language-options) (and file (file-name-directory file)))))
    (setq draftd--cache (or (gethash scope draftd--caches)
                            (puthash scope (make-hash-table :test #'equal) draftd--caches)))))

(defvar-local draftd--flymake-serial 0
  "Counts checks, so that the answer to a superseded one is dropped.")

(defvar-local draftd--check nil
  "The buffer's check under way: (SERIAL REPORT-FN QUEUE WAITING).
QUEUE holds the texts still to send; WAITING the paragraphs, as (BEG-MARKER
END-MARKER TEXT), whose diagnostics are not reported yet.")

(defvar-local draftd--check-running nil
  "The buffer's running check jobs: an alist (TEXT . JOB).")

(defun draftd--edit-fields (edit)
  "EDIT as (OFFSET LENGTH REPLACEMENT KIND MESSAGE RULE).
MESSAGE is nil for edits of type (uuss), RULE for a daemon that sends none."
  (list (nth 0 edit) (nth 1 edit) (nth 2 edit) (nth 3 edit) (nth 4 edit) (nth 5 edit)))

(defun draftd--diagnostics (buffer start edits)
  "Flymake diagnostics in BUFFER for EDITS over the text that began at START."
  (with-current-buffer buffer
    (cl-loop for edit in edits
             for (offset length replacement kind message rule) = (draftd--edit-fields edit)
             for beg = (+ start offset)
             for end = (min (point-max) (+ beg length))
             for original = (buffer-substring-no-properties beg end)
             ;; The cache holds the daemon's every edit: a rule turned off later goes at once.
             unless (draftd--rule-disabled-p rule)
             collect (flymake-make-diagnostic
                      buffer beg end (draftd--severity kind)
                      (draftd--message kind original replacement message rule)
                      (list :replacement replacement :kind kind :original original :rule rule)))))

(defun draftd--paragraphs ()
  "The buffer's paragraphs as (BEG . END): runs of lines between blank lines."
  (let (paras)
    (save-excursion
      (goto-char (point-min))
      (while (re-search-forward "[^ \t\n]" nil t)
        (let ((beg (line-beginning-position))
              (end (if (re-search-forward "\n[ \t]*\n" nil t) (match-beginning 0) (point-max))))
          ;; Without the blank end of the buffer: text added after it leaves it the same.
          (goto-char end)
          (skip-chars-backward " \t\n")
          (push (cons beg (point)) paras)
          (goto-char end))))
    (nreverse paras)))

(defun draftd--report-paragraph (buffer entry edits)
  "Report EDITS for the paragraph ENTRY of BUFFER's check.
ENTRY is (BEG-MARKER END-MARKER TEXT)."
  (with-current-buffer buffer
    (let ((beg (marker-position (nth 0 entry)))
          (end (marker-position (nth 1 entry))))
      (when (equal (buffer-substring-no-properties beg end) (nth 2 entry))
        (funcall (nth 1 draftd--check) (draftd--diagnostics buffer beg edits) :region (cons beg end))))))

(defun draftd--check-answered (buffer text edits &optional failed)
  "The daemon answered TEXT of BUFFER with EDITS, or FAILED: report and go on."
  (when (buffer-live-p buffer)
    (with-current-buffer buffer
      (setq draftd--check-running (assoc-delete-all text draftd--check-running))
      (when draftd--check
        (let ((waiting (nth 3 draftd--check)))
          (dolist (entry waiting)
            (when (equal (nth 2 entry) text)
              (unless failed (draftd--report-paragraph buffer entry edits))
              (setq waiting (delq entry waiting))))
          (setf (nth 3 draftd--check) waiting))
        (draftd--check-pump buffer)))))

(defun draftd--check-failed (buffer job)
  "JOB, checking a paragraph of BUFFER, failed."
  (let ((err (draftd--job-error job)))
    (if (and (string-prefix-p "org.draftd.Error." err)
             (not (string-prefix-p "org.draftd.Error.Cancelled" err)))
        ;; The daemon refused this text: checking it again would fail again.
        (progn
          (when (buffer-live-p buffer)
            (puthash (draftd--job-text job) nil (buffer-local-value 'draftd--cache buffer)))
          (when (and (buffer-live-p buffer) (buffer-local-value 'draftd--check buffer))
            (with-current-buffer buffer
              (funcall (nth 1 draftd--check) :panic :explanation (format "draftd: %s" err))
              (setq draftd--check nil))))
      ;; The daemon is missing, restarting, or the job was cancelled: the next check retries.
      (message "draftd: %s" err))
    (draftd--check-answered buffer (draftd--job-text job) nil t)))

(defun draftd--check-start (buffer text)
  "Have the daemon check TEXT, a paragraph of BUFFER."
  (let ((job (draftd--job-create :buffer buffer :text text :collect t))
        (cache draftd--cache))
    ;; The table of the options sent: the callback runs in whatever buffer is current then.
    (setf (draftd--job-on-done job)
          (lambda (job)
            (if (draftd--job-error job)
                (draftd--check-failed buffer job)
              (puthash text (reverse (draftd--job-edits job)) cache)
              (draftd--check-answered buffer text (gethash text cache)))))
    ;; Listed first: a job the daemon ends at once reports from inside `draftd--start'.
    (push (cons text job) draftd--check-running)
    (condition-case err
        (draftd--start job "Correct" text (draftd--options t))
      (dbus-error
       (setq draftd--check-running (assoc-delete-all text draftd--check-running))
       (signal (car err) (cdr err))))))

(defun draftd--check-pump (buffer)
  "Send BUFFER's queued paragraphs while fewer than `draftd-check-jobs' run."
  (with-current-buffer buffer
    (while (and draftd--check (nth 2 draftd--check)
                (< (length draftd--check-running) draftd-check-jobs))
      (let ((text (pop (nth 2 draftd--check))))
        (cond ((not (eq (gethash text draftd--cache 'none) 'none))
               (draftd--check-answered buffer text (gethash text draftd--cache)))
              ((not (assoc text draftd--check-running))
               (condition-case err
                   (draftd--check-start buffer text)
                 (dbus-error
                  (funcall (nth 1 draftd--check) :panic
                           :explanation (format "draftd: %s" (error-message-string err)))
                  (setq draftd--check nil)))))))))

(defun draftd--check-stop (texts)
  "Stop the buffer's check; cancel its running jobs for text not in TEXTS."
  (setq draftd--check nil)
  (dolist (running draftd--check-running)
    (unless (member (car running) texts)
      (draftd--cancel (cdr running))
      (setq draftd--check-running (delq running draftd--check-running)))))

(defun draftd-flymake (report-fn &rest _args)
  "Flymake backend: check the paragraphs with draftd, REPORT-FN their edits."
  (let* ((buffer (current-buffer))
         (serial (cl-incf draftd--flymake-serial))
         (paras (and (<= (buffer-size) draftd-max-check-chars) (draftd--paragraphs)))
         (texts (mapcar (lambda (p) (buffer-substring-no-properties (car p) (cdr p))) paras))
         (here (point))
         cached waiting queue)
    (draftd--register-signals)
    ;; Jobs of the same text go on, unless the options changed (another dialect): their
    ;; answers would be the old options'.
    (let ((old draftd--cache))
      (draftd--use-cache)
      (draftd--check-stop (and (eq old draftd--cache) texts)))
    (cl-loop for p in paras for text in texts
             for edits = (gethash text draftd--cache 'none)
             do (if (not (eq edits 'none))
                    (setq cached (nconc cached (draftd--diagnostics buffer (car p) edits)))
                  (push (list (copy-marker (car p)) (copy-marker (cdr p) t) text) waiting)
                  ;; The paragraph at point goes first: it is what the user is writing.
                  (if (and (<= (car p) here) (<= here (cdr p)))
                      (push text queue)
                    (setq queue (nconc queue (list text))))))
    (funcall report-fn cached)
    (when waiting
      (setq draftd--check (list serial report-fn queue (nreverse waiting)))
      (draftd--check-pump buffer))))

(defun draftd--diagnostic-at-point ()
  "The draftd diagnostic under point, or nil."
  (cl-find-if (lambda (d) (plist-get (flymake-diagnostic-data d) :kind))
              (flymake-diagnostics (point))))

(defun draftd-apply-edit-at-point ()
  "Apply the draftd fix under point."
  (interactive)
  (let ((diag (draftd--diagnostic-at-point)))
    (unless diag
      (user-error "No draftd diagnostic at point"))
    (let* ((data (flymake-diagnostic-data diag))
           (beg (flymake-diagnostic-beg diag))
           (end (flymake-diagnostic-end diag)))
      (unless (equal (buffer-substring-no-properties beg end) (plist-get data :original))
        (user-error "The text changed since draftd checked it"))
      (save-excursion
        (goto-char beg)
        (delete-region beg end)
        (insert (plist-get data :replacement))))))

(defvar-local draftd--flymake-was-on nil
  "Whether Flymake was on before `draftd-mode' turned it on.")

(defun draftd--forget-word (word)
  "Drop the cached answers that flag WORD; check again where `draftd-mode' is on.
The daemon knows the word now: its answers would no longer flag it."
  (dolist (cache (cons (default-value 'draftd--cache) (hash-table-values draftd--caches)))
    (let (stale)
      (maphash (lambda (text edits)
                 (when (cl-some (lambda (e)
                                  (eq t (compare-strings text (nth 0 e) (+ (nth 0 e) (nth 1 e)) word nil nil t)))
                                edits)
                   (push text stale)))
               cache)
      (dolist (text stale)
        (remhash text cache))))
  (dolist (buffer (buffer-list))
    (with-current-buffer buffer
      (when (and (bound-and-true-p draftd-mode) flymake-mode)
        (flymake-start)))))

;;;###autoload
(defun draftd-add-word (word)
  "Add WORD to your personal word list: draftd never flags it again.
Interactively, the word of the diagnostic at point, or the word at point."
  (interactive
   (let* ((diag (draftd--diagnostic-at-point))
          (guess (if diag
                     (plist-get (flymake-diagnostic-data diag) :original)
                   (thing-at-point 'word t))))
     (list (read-string (format-prompt "Add word" guess) nil nil guess))))
  (dbus-call-method draftd-bus draftd--service draftd--path draftd--interface "AddWord" word)
  (draftd--forget-word word)
  (when (called-interactively-p 'interactive)
    (message "draftd: %s added to your word list" word)))

;;;###autoload
(define-minor-mode draftd-mode
  "Check the buffer's prose with draftd through Flymake."
  :lighter " draftd"
  (if draftd-mode
      (progn
        (add-hook 'flymake-diagnostic-functions #'draftd-flymake nil t)
        (setq draftd--flymake-was-on flymake-mode)
        (flymake-mode 1))
    (remove-hook 'flymake-diagnostic-functions #'draftd-flymake t)
    (draftd--check-stop nil)
    ;; Flymake keeps a removed backend's diagnostics: turning it off (or, where other
    ;; backends use it, off and on again) is what clears them.
    (when flymake-mode
      (flymake-mode -1)
      (when draftd--flymake-was-on
        (flymake-mode 1)))))

;;;; Streamed jobs

(defvar draftd--jobs (make-hash-table :test #'equal)
  "Running jobs by object path.")

(defvar draftd--signals nil
  "The registered signal handlers.")

(defun draftd--on-edit (path offset length replacement kind &rest message-and-rule)
  "Apply (or collect) an Edit signal of job PATH.
REPLACEMENT replaces LENGTH characters at OFFSET of the original text, an
edit of KIND with MESSAGE-AND-RULE (the message and the rule id, where the
daemon sends them).  Edits arrive in order; the job's shift follows what
earlier ones changed."
  (let ((job (gethash path draftd--jobs)))
    (cond ((null job))
          ((draftd--job-collect job)
           (push (list offset length replacement kind (nth 0 message-and-rule) (nth 1 message-and-rule))
                 (draftd--job-edits job)))
          ((buffer-live-p (draftd--job-buffer job))
           (with-current-buffer (draftd--job-buffer job)
             (let ((beg (+ (draftd--job-start job) offset (draftd--job-shift job))))
               (save-excursion
                 (goto-char beg)
                 (delete-region beg (+ beg length))
                 (insert replacement))
               (cl-incf (draftd--job-shift job) (- (length replacement) length))))))))

(defun draftd--on-chunk (path text)
  "Insert TEXT, streamed by job PATH, at its marker."
  (let ((job (gethash path draftd--jobs)))
    (when (and job (draftd--job-marker job) (buffer-live-p (marker-buffer (draftd--job-marker job))))
      (with-current-buffer (marker-buffer (draftd--job-marker job))
        (save-excursion
          (goto-char (draftd--job-marker job))
          (insert text)
          (set-marker (draftd--job-marker job) (point)))))))

(defun draftd--done (path result error)
  "Job PATH ended with RESULT, or ERROR."
  (let ((job (gethash path draftd--jobs)))
    (when job
      (setf (draftd--job-result job) result
            (draftd--job-error job) error
            (draftd--job-done job) t)
      (when (draftd--job-on-done job)
        (remhash path draftd--jobs)
        (funcall (draftd--job-on-done job) job)))))

(defun draftd--on-finished (path result stats)
  "Job PATH finished with RESULT and STATS."
  (let ((job (gethash path draftd--jobs)))
    (when job
      (setf (draftd--job-stats job) stats)))
  (draftd--done path result nil))

(defun draftd--on-failed (path name message)
  "Job PATH failed with the D-Bus error NAME and MESSAGE."
  (draftd--done path nil (format "%s: %s" name message)))

(defvar draftd--early (make-hash-table :test #'equal)
  "Signals of jobs not known here yet, by path: (FN . ARGS), in order.
The daemon may end a job before the reply to Start names it.")

(defun draftd--signal (fn path &rest args)
  "Call FN with PATH and ARGS, or keep them until job PATH is known."
  (if (gethash path draftd--jobs)
      (apply fn path args)
    ;; Other clients' jobs end here too: keep only a few.
    (when (> (hash-table-count draftd--early) 64)
      (clrhash draftd--early))
    (puthash path (append (gethash path draftd--early) (list (cons fn args))) draftd--early)))

(defun draftd--register-signals ()
  "Register the job signal handlers once."
  (unless draftd--signals
    (setq draftd--signals
          (cl-loop for (member . fn) in '(("Edit" . draftd--on-edit)
                                          ("Chunk" . draftd--on-chunk)
                                          ("Finished" . draftd--on-finished)
                                          ("Failed" . draftd--on-failed))
                   collect (dbus-register-signal
                            draftd-bus nil draftd--path draftd--interface member
                            (apply-partially #'draftd--signal fn))))))

(defun draftd--start-failure (since)
  "Why draftd could not start, if it said so at SINCE (a `float-time') or later.
A draftd the bus starts and that fails leaves its reason (the config's
FILE:LINE, the bad value, the fix) in $XDG_STATE_HOME/draftd/last-error;
the bus itself says only that the process exited."
  (let ((file (expand-file-name "draftd/last-error"
                                (or (getenv "XDG_STATE_HOME") (expand-file-name "~/.local/state")))))
    (when (and (file-readable-p file)
               ;; A second of slack: the file's time and ours may be rounded apart.
               (>= (float-time (file-attribute-modification-time (file-attributes file))) (- since 1)))
      (with-temp-buffer
        (insert-file-contents file)
        (string-trim (buffer-string))))))

(defun draftd--start (job method &rest args)
  "Start JOB as METHOD with ARGS on the daemon.
ARGS are the method's arguments, options last."
  (draftd--register-signals)
  (setf (draftd--job-path job)
        (let ((since (float-time)))
          (condition-case err
              (dbus-call-method draftd-bus draftd--service draftd--path draftd--interface "Start"
                                :timeout (* 1000 draftd-timeout) method
                                `(:array ,@(mapcar (lambda (a) (list :variant a)) args)))
            (dbus-error
             (let ((why (draftd--start-failure since)))
               (signal (car err) (if why (list (format "draftd could not start: %s" why)) (cdr err))))))))
  (puthash (draftd--job-path job) job draftd--jobs)
  (let ((early (gethash (draftd--job-path job) draftd--early)))
    (remhash (draftd--job-path job) draftd--early)
    (dolist (signal early)
      (apply (car signal) (draftd--job-path job) (cdr signal))))
  job)

(defun draftd--wait (job)
  "Process D-Bus events until JOB is done.
Redisplay and timers go on meanwhile; other input is kept for later."
  (let ((deadline (+ (float-time) draftd-timeout)))
    (while (not (draftd--job-done job))
      (when (> (float-time) deadline)
        (error "draftd: no answer in %d seconds" draftd-timeout))
      (let ((event (let (unread-command-events) (read-event nil nil 0.05))))
        (when (and event (not (ignore-errors (dbus-check-event event))))
          (setq unread-command-events (append unread-command-events (list event))))))))

(defun draftd--cancel (job)
  "Cancel JOB on the daemon."
  (remhash (draftd--job-path job) draftd--jobs)
  (ignore-errors
    (dbus-call-method draftd-bus draftd--service draftd--path draftd--interface "Cancel"
                      :timeout 5000 :object-path (draftd--job-path job))))

(defconst draftd--unsupported "org.draftd.Error.Unsupported"
  "The error of a job the loaded model cannot do.
Completion or chat on a toy model (the shipped one).")

(defun draftd--signal-failure (failure)
  "Signal FAILURE, a job's \"NAME: MESSAGE\".
A job the model cannot do is no fault of draftd's: a `user-error' with the
daemon's message alone, which says what works and how to get a model that can."
  (let ((prefix (concat draftd--unsupported ": ")))
    (if (string-prefix-p prefix failure)
        (user-error "draftd: %s" (substring failure (length prefix)))
      (error "draftd: %s" failure))))

(defun draftd--streamed (job method args finish)
  "Run JOB as METHOD with ARGS, waiting for it, as one undoable change.
FINISH is called once it succeeded, before the change group is accepted;
\\[keyboard-quit] cancels the job on the daemon and undoes what it did.
Returns the job's result."
  (let ((group (prepare-change-group))
        (done nil))
    (unwind-protect
        (progn
          (activate-change-group group)
          (apply #'draftd--start job method args)
          (condition-case nil
              (draftd--wait job)
            (quit (draftd--cancel job)
                  (signal 'quit nil)))
          (when (draftd--job-error job)
            (draftd--signal-failure (draftd--job-error job)))
          (funcall finish)
          (setq done t)
          (draftd--job-result job))
      (when (draftd--job-path job)
        (remhash (draftd--job-path job) draftd--jobs))
      (if (not done)
          (cancel-change-group group)
        ;; A long job outlasts the undo boundaries that timers add: one undo restores all.
        (undo-amalgamate-change-group group)
        (accept-change-group group)))))

(defvar draftd--last-stats nil
  "The statistics of the last job `draftd--run' ran.")

(defun draftd--run (beg end method &rest args)
  "Run METHOD (Correct or Rewrite) on BEG..END.
Its edits are applied as they stream in.  ARGS are the arguments after the
text.  \\[keyboard-quit] cancels the job on the daemon and restores the region.
Returns the new text of the region."
  (let* ((text (buffer-substring-no-properties beg end))
         (job (draftd--job-create :buffer (current-buffer) :start beg :text text)))
    (draftd--streamed
     job method (cons text (append args (list (draftd--options))))
     (lambda ()
       (setq draftd--last-stats (draftd--job-stats job))
       ;; Should the edits not have rebuilt the result (a client that missed a signal),
       ;; the result is what the region becomes.
       (let ((new-end (+ end (draftd--job-shift job))))
         (unless (equal (buffer-substring-no-properties beg new-end) (draftd--job-result job))
           (save-excursion
             (delete-region beg new-end)
             (goto-char beg)
             (insert (draftd--job-result job)))))))))

;;;###autoload
(defun draftd-correct-region (beg end)
  "Correct the grammar and spelling between BEG and END."
  (interactive "r")
  (let ((result (draftd--run beg end "Correct")))
    (when (called-interactively-p 'interactive)
      (message "draftd: corrected"))
    result))

(defvar draftd--preset-history nil)

;;;###autoload
(defun draftd-rewrite-region (beg end instruction)
  "Rewrite the text between BEG and END after INSTRUCTION.
Interactively, INSTRUCTION is read with completion over `draftd-presets';
any other text is sent as a free instruction."
  (interactive
   (list (region-beginning) (region-end) (draftd--read-instruction)))
  (let ((draftd--last-stats nil))
    (prog1 (draftd--run beg end "Rewrite" instruction)
      ;; A sentence whose rewrite failed the daemon's checks is left as it was: say so,
      ;; or it reads as the model's answer.
      (let ((kept (car (cadr (assoc "kept_source" draftd--last-stats)))))
        (when (and kept (> kept 0))
          (message "draftd: %d sentence%s left as %s: the rewrite failed the checks"
                   kept (if (= kept 1) "" "s") (if (= kept 1) "it was" "they were")))))))

(defvar draftd-instruction-map
  (let ((map (make-sparse-keymap)))
    ;; SPC completes a word in `minibuffer-local-completion-map': "make it" would become
    ;; "makeit".  Here it is a space, as in any text.
    (set-keymap-parent map minibuffer-local-completion-map)
    (define-key map " " #'self-insert-command)
    (define-key map "?" #'self-insert-command)
    map)
  "The minibuffer keymap of the rewrite instruction prompt.")

(defun draftd--instruction-prompt ()
  "The rewrite prompt, showing its default; and the default."
  (let ((default (or (car draftd--preset-history) (car draftd-presets))))
    (cons (format "Rewrite as (default %s): " default) default)))

(defun draftd--read-instruction ()
  "Read a rewrite instruction: a preset, completed, or any text, spaces included."
  (let ((prompt (draftd--instruction-prompt))
        (minibuffer-local-completion-map draftd-instruction-map))
    (completing-read (car prompt) draftd-presets nil nil nil 'draftd--preset-history (cdr prompt))))

;;;; Completion and chat

(defcustom draftd-complete-max-tokens 64
  "The most tokens `draftd-complete' adds."
  :type 'integer)

(defcustom draftd-complete-context 2000
  "How many characters before point `draftd-complete' sends as the prompt."
  :type 'integer)

(defcustom draftd-force-generation nil
  "Complete and chat even on a model that cannot (the shipped one).
The daemon refuses them otherwise, saying what works and how to get a model
that can; forced, the toy model's output is noise."
  :type 'boolean)

(defun draftd--generation-options (max-tokens)
  "The a{sv} options of Complete and Chat: at most MAX-TOKENS tokens."
  `(:array (:dict-entry "max_tokens" (:variant :uint32 ,max-tokens))
           ,@(when draftd-force-generation '((:dict-entry "force" (:variant :boolean t))))))

(defun draftd--stream-at (marker method &rest args)
  "Run METHOD with ARGS, inserting the text it streams at MARKER.
The whole is one undoable change.
Returns the text."
  (let ((job (draftd--job-create :buffer (marker-buffer marker) :marker marker)))
    (with-current-buffer (marker-buffer marker)
      (draftd--streamed job method args #'ignore))))

;;;###autoload
(defun draftd-complete ()
  "Continue the text before point; the continuation streams in at point.
\\[keyboard-quit] stops it and removes what it inserted."
  (interactive)
  (let ((prompt (buffer-substring-no-properties (max (point-min) (- (point) draftd-complete-context)) (point)))
        (marker (point-marker)))
    (when (string-empty-p (string-trim prompt))
      (user-error "Nothing before point to continue"))
    (prog1 (draftd--stream-at marker "Complete" prompt (draftd--generation-options draftd-complete-max-tokens))
      (goto-char marker)
      (set-marker marker nil))))

(defcustom draftd-chat-buffer "*draftd chat*"
  "The name of the buffer `draftd-chat' writes the conversation to."
  :type 'string)

(defvar draftd-chat-conversation "emacs"
  "The name of the daemon's conversation `draftd-chat' continues.")

(define-derived-mode draftd-chat-mode text-mode "draftd chat"
  "A conversation with draftd's model: `draftd-chat' adds to it.")

;;;###autoload
(defun draftd-chat (message)
  "Send MESSAGE to draftd's model; the reply streams into the chat buffer.
The conversation, kept by the daemon, goes on from one call to the next
\(`draftd-chat-reset' starts a new one).  Returns the reply."
  (interactive "sAsk draftd: ")
  (let ((buffer (get-buffer-create draftd-chat-buffer)))
    (with-current-buffer buffer
      (unless (derived-mode-p 'draftd-chat-mode)
        (draftd-chat-mode))
      (goto-char (point-max))
      (when (and (bobp) draftd-force-generation) ; once: why a forced toy model's reply is noise
        (let ((limits (ignore-errors
                        (car (cadr (assoc "limits" (dbus-get-property draftd-bus draftd--service draftd--path
                                                                      draftd--interface "Models")))))))
          (when limits (insert "note: " limits "\n"))))
      (insert (if (bobp) "" "\n") "You: " message "\n\ndraftd: ")
      (display-buffer buffer)
      (let ((marker (point-marker)))
        (condition-case err
            (prog1 (draftd--stream-at marker "Chat" draftd-chat-conversation message
                                      (draftd--generation-options 256))
              (goto-char (point-max))
              (insert "\n")
              (set-marker marker nil))
          ;; A model that cannot chat: the refusal is the conversation's answer, there too.
          (user-error
           (goto-char (point-max))
           (insert (string-remove-prefix "draftd: " (error-message-string err)) "\n")
           (set-marker marker nil)
           (signal (car err) (cdr err))))))))

(defun draftd-chat-reset ()
  "Start a new conversation with `draftd-chat'."
  (interactive)
  (dbus-call-method draftd-bus draftd--service draftd--path draftd--interface "ResetConversation"
                    :timeout 5000 draftd-chat-conversation)
  (message "draftd: a new conversation"))

(provide 'draftd)
;;; draftd.el ends here
