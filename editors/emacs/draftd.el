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
;;   `draftd-mode'            a minor mode checking the buffer with Flymake
;;   `draftd-flymake'         the Flymake backend (usable on its own)
;;   `draftd-apply-edit-at-point'  apply the fix under point
;;   `draftd-correct-region'  correct the region, edits streamed as the daemon finds them
;;   `draftd-rewrite-region'  rewrite the region as formal, concise, simple, friendly
;;                            or after any instruction
;;
;; Streaming jobs run through the daemon's Start method; C-g cancels the job on the
;; daemon and restores the region.  Setup:
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

(defun draftd--options ()
  "The a{sv} options of Correct and Rewrite.
Offsets are in code points, as Emacs counts characters."
  '(:array (:dict-entry "offset_unit" (:variant "codepoint"))))

(defun draftd--severity (kind)
  "The Flymake diagnostic type of an edit of KIND."
  (pcase kind
    ((or "spelling" "grammar") :warning)
    (_ :note)))

(defun draftd--message (kind original replacement &optional message)
  "A diagnostic text for replacing ORIGINAL with REPLACEMENT (an edit of KIND).
MESSAGE, when the daemon sent one, is used as it is."
  (cond ((and message (not (string-empty-p message))) message)
        ((string-empty-p replacement) (format "%s: delete \u201c%s\u201d" kind original))
        ((string-empty-p original) (format "%s: insert \u201c%s\u201d" kind replacement))
        (t (format "%s: \u201c%s\u201d \u2192 \u201c%s\u201d" kind original replacement))))

;;;; Flymake

(defvar-local draftd--flymake-serial 0
  "Counts checks, so that the answer to a superseded one is dropped.")

(defun draftd--edit-fields (edit)
  "EDIT as (OFFSET LENGTH REPLACEMENT KIND MESSAGE).
MESSAGE is nil for edits of type (uuss)."
  (list (nth 0 edit) (nth 1 edit) (nth 2 edit) (nth 3 edit) (nth 4 edit)))

(defun draftd--diagnostics (buffer start edits)
  "Flymake diagnostics in BUFFER for EDITS over the text that began at START."
  (with-current-buffer buffer
    (cl-loop for edit in edits
             for (offset length replacement kind message) = (draftd--edit-fields edit)
             for beg = (+ start offset)
             for end = (min (point-max) (+ beg length))
             for original = (buffer-substring-no-properties beg end)
             collect (flymake-make-diagnostic
                      buffer beg end (draftd--severity kind)
                      (draftd--message kind original replacement message)
                      (list :replacement replacement :kind kind :original original)))))

(defvar draftd--flymake-calls (make-hash-table :test #'equal)
  "The Flymake backend's Correct calls awaiting a reply.
Keys are D-Bus call keys, values the report functions.")

(defun draftd--flymake-error (event err)
  "Report the D-Bus error ERR of EVENT to the Flymake check that made the call."
  (when (= (dbus-event-message-type event) dbus-message-type-error)
    (let* ((key (list :serial (dbus-event-bus-name event) (dbus-event-serial-number event)))
           (report-fn (gethash key draftd--flymake-calls)))
      (when report-fn
        (remhash key draftd--flymake-calls)
        (if (string-prefix-p "org.draftd.Error." (cadr err))
            ;; The daemon refused this text: checking it again would fail again.
            (funcall report-fn :panic :explanation (format "draftd: %s" (error-message-string err)))
          ;; The daemon is missing or restarting: nothing to show now, the next check retries.
          (message "draftd: %s" (error-message-string err))
          (funcall report-fn nil))))))

(add-hook 'dbus-event-error-functions #'draftd--flymake-error)

(defun draftd-flymake (report-fn &rest _args)
  "Flymake backend: correct the buffer with draftd and REPORT-FN its edits."
  (let* ((buffer (current-buffer))
         (serial (cl-incf draftd--flymake-serial))
         (start (point-min))
         (text (buffer-substring-no-properties start (point-max)))
         (key nil))
    (if (> (length text) draftd-max-check-chars)
        (funcall report-fn nil)
      (condition-case err
          (progn
            (setq key (dbus-call-method-asynchronously
                       draftd-bus draftd--service draftd--path draftd--interface "Correct"
                       (lambda (_corrected edits _stats)
                         (remhash key draftd--flymake-calls)
                         (when (and (buffer-live-p buffer)
                                    (= serial (buffer-local-value 'draftd--flymake-serial buffer)))
                           (funcall report-fn (draftd--diagnostics buffer start edits))))
                       :timeout (* 1000 draftd-timeout)
                       text (draftd--options)))
            (puthash key report-fn draftd--flymake-calls))
        (dbus-error
         (funcall report-fn :panic :explanation (format "draftd: %s" (error-message-string err))))))))

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
  (when (called-interactively-p 'interactive)
    (message "draftd: %s added to your word list" word)))

;;;###autoload
(define-minor-mode draftd-mode
  "Check the buffer's prose with draftd through Flymake."
  :lighter " draftd"
  (if draftd-mode
      (progn
        (add-hook 'flymake-diagnostic-functions #'draftd-flymake nil t)
        (flymake-mode 1))
    (remove-hook 'flymake-diagnostic-functions #'draftd-flymake t)))

;;;; Streamed jobs

(cl-defstruct (draftd--job (:constructor draftd--job-create))
  path buffer start (shift 0) done result error)

(defvar draftd--jobs (make-hash-table :test #'equal)
  "Running jobs by object path.")

(defvar draftd--signals nil
  "The registered signal handlers.")

(defun draftd--on-edit (path offset length replacement _kind &rest _message)
  "Apply an Edit signal of job PATH.
REPLACEMENT replaces LENGTH characters at OFFSET of the original text.  Edits
arrive in order; the job's shift follows what earlier ones changed."
  (let ((job (gethash path draftd--jobs)))
    (when (and job (buffer-live-p (draftd--job-buffer job)))
      (with-current-buffer (draftd--job-buffer job)
        (let ((beg (+ (draftd--job-start job) offset (draftd--job-shift job))))
          (save-excursion
            (goto-char beg)
            (delete-region beg (+ beg length))
            (insert replacement))
          (cl-incf (draftd--job-shift job) (- (length replacement) length)))))))

(defun draftd--on-finished (path result _stats)
  "Job PATH finished with RESULT."
  (let ((job (gethash path draftd--jobs)))
    (when job
      (setf (draftd--job-result job) result
            (draftd--job-done job) t))))

(defun draftd--on-failed (path name message)
  "Job PATH failed with the D-Bus error NAME and MESSAGE."
  (let ((job (gethash path draftd--jobs)))
    (when job
      (setf (draftd--job-error job) (format "%s: %s" name message)
            (draftd--job-done job) t))))

(defun draftd--register-signals ()
  "Register the job signal handlers once."
  (unless draftd--signals
    (setq draftd--signals
          (cl-loop for (member . fn) in '(("Edit" . draftd--on-edit)
                                          ("Finished" . draftd--on-finished)
                                          ("Failed" . draftd--on-failed))
                   collect (dbus-register-signal draftd-bus nil draftd--path draftd--interface member fn)))))

(defun draftd--wait (job)
  "Process D-Bus events until JOB is done.
Other input is kept for later."
  (let ((deadline (+ (float-time) draftd-timeout)))
    (while (not (draftd--job-done job))
      (when (> (float-time) deadline)
        (error "draftd: no answer in %d seconds" draftd-timeout))
      (let ((event (let ((inhibit-redisplay t) unread-command-events)
                     (read-event nil nil 0.05))))
        (when (and event (not (ignore-errors (dbus-check-event event))))
          (setq unread-command-events (append unread-command-events (list event))))))))

(defun draftd--cancel (job)
  "Cancel JOB on the daemon."
  (ignore-errors
    (dbus-call-method draftd-bus draftd--service draftd--path draftd--interface "Cancel"
                      :timeout 5000 :object-path (draftd--job-path job))))

(defun draftd--run (beg end method &rest args)
  "Run METHOD (Correct or Rewrite) on BEG..END.
Its edits are applied as they stream in.  ARGS are the arguments after the
text.  \\[keyboard-quit] cancels the job on the daemon and restores the region.
Returns the new text of the region."
  (draftd--register-signals)
  (let* ((text (buffer-substring-no-properties beg end))
         (job (draftd--job-create :buffer (current-buffer) :start beg))
         (group (prepare-change-group))
         (done nil))
    (unwind-protect
        (progn
          (activate-change-group group)
          (setf (draftd--job-path job)
                (dbus-call-method draftd-bus draftd--service draftd--path draftd--interface "Start"
                                  :timeout (* 1000 draftd-timeout) method
                                  `(:array (:variant ,text)
                                           ,@(mapcar (lambda (a) (list :variant a)) args)
                                           (:variant ,(draftd--options)))))
          (puthash (draftd--job-path job) job draftd--jobs)
          (condition-case nil
              (draftd--wait job)
            (quit (draftd--cancel job)
                  (signal 'quit nil)))
          (when (draftd--job-error job)
            (error "draftd: %s" (draftd--job-error job)))
          ;; Should the edits not have rebuilt the result (a client that missed a signal),
          ;; the result is what the region becomes.
          (let ((new-end (+ end (draftd--job-shift job))))
            (unless (equal (buffer-substring-no-properties beg new-end) (draftd--job-result job))
              (save-excursion
                (delete-region beg new-end)
                (goto-char beg)
                (insert (draftd--job-result job)))))
          (setq done t)
          (draftd--job-result job))
      (when (draftd--job-path job)
        (remhash (draftd--job-path job) draftd--jobs))
      (if done
          (accept-change-group group)
        (cancel-change-group group)))))

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
   (list (region-beginning) (region-end)
         (completing-read "Rewrite as: " draftd-presets nil nil nil 'draftd--preset-history
                          (car draftd-presets))))
  (draftd--run beg end "Rewrite" instruction))

(provide 'draftd)
;;; draftd.el ends here
