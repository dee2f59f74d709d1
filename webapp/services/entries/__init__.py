"""The entry kernel: what every author's entry passes through, whoever made it.

`entry.Entry` is built once where an entry comes in (a phone's push, a form, the server itself), and
`entry.Outcome` says what became of it;
`payloads` checks its text; `access` the role and event; `pipeline` is how a service hands entries
to the operation pipeline (registered at app start, so services never import `webapp.operations`);
`unit_of_work` and `preloaded` are what the batch under way shares; `violation_words` words
why an entry was refused; `one_writer` keeps a mirrored copy read-only; `shared_phone` keeps an
entry under the person who made it.

May import: models and the domain only; every other package of services may import this one.
"""
