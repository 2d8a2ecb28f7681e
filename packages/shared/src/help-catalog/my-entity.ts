import type { THelpPage } from './types.ts';

/** The My entity menu: users, entities and the user's own entity. */
export const MY_ENTITY_HELP: THelpPage[] = [
  {
    url: '/user',
    category: 'myEntity',
    'pt-PT': {
      title: 'Utilizadores',
      contents: `<p>A lista mostra as contas das pessoas que trabalham na plataforma, das entidades que pode ver.</p>
<h2>Encontrar um utilizador</h2>
<ul>
<li><p>Escreva parte do nome ou do email em <strong>Pesquisar utilizadores</strong>.</p></li>
<li><p>Abra os <strong>Filtros</strong> para escolher a entidade (com <strong>Incluir subentidades</strong>), o tipo, o perfil ou o estado.</p></li>
<li><p>Clique no título de uma coluna para ordenar. A coluna <strong>Última entrada</strong> diz quando a pessoa entrou pela última vez («Nunca entrou» se ainda não ativou a conta). Os filtros e a página mantêm-se quando volta atrás.</p></li>
</ul>
<h2>Alterar um utilizador</h2>
<ol>
<li><p>Clique no nome.</p></li>
<li><p>Mude o nome, o email, a <strong>Entidade</strong>, o <strong>Perfil</strong>, o idioma, o fuso horário ou as notificações por email.</p></li>
<li><p>Para tirar o acesso a alguém, passe o <strong>Estado</strong> a Inativo e guarde: as sessões abertas dessa pessoa terminam logo.</p></li>
</ol>
<h2>Permissões</h2>
<ul>
<li><p>READ_USER para ver; WRITE_USER para criar, alterar e eliminar.</p></li>
<li><p>Só pode dar perfis cujas permissões também tem, e que o tipo da entidade da pessoa permite.</p></li>
</ul>
<h2>Cuidados</h2>
<ul>
<li><p>Prefira desativar a eliminar: o registo de auditoria continua a mostrar quem fez o quê.</p></li>
<li><p>Não pode eliminar a sua própria conta, nem um utilizador que é agente responsável de uma categoria de ocorrências (mude primeiro o agente na categoria).</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Users',
      contents: `<p>The list shows the accounts of the people who work on the platform, for the entities you may see.</p>
<h2>Finding a user</h2>
<ul>
<li><p>Type part of the name or email in <strong>Search users</strong>.</p></li>
<li><p>Open the <strong>Filters</strong> to choose the entity (with <strong>Include sub-entities</strong>), the type, the role or the status.</p></li>
<li><p>Click a column heading to sort. The <strong>Last sign-in</strong> column tells when the person last signed in (“Never signed in” if they have not activated the account yet). The filters and the page are kept when you go back.</p></li>
</ul>
<h2>Changing a user</h2>
<ol>
<li><p>Click the name.</p></li>
<li><p>Change the name, email, <strong>Entity</strong>, <strong>Role</strong>, language, time zone or email notifications.</p></li>
<li><p>To take someone's access away, set the <strong>Status</strong> to Inactive and save: their open sessions end at once.</p></li>
</ol>
<h2>Permissions</h2>
<ul>
<li><p>READ_USER to look; WRITE_USER to create, change and delete.</p></li>
<li><p>You may only give roles whose permissions you hold yourself, and that the type of the person's entity allows.</p></li>
</ul>
<h2>Pitfalls</h2>
<ul>
<li><p>Prefer deactivating to deleting: the audit log keeps showing who did what.</p></li>
<li><p>You cannot delete your own account, nor a user who is the report agent of an event category (change the agent on the category first).</p></li>
</ul>`,
    },
  },
  {
    url: '/user/create',
    category: 'myEntity',
    'pt-PT': {
      title: 'Criar um utilizador',
      contents: `<p>Crie uma conta para uma pessoa que vai trabalhar na plataforma. Não escolhe a palavra-passe por ela: a pessoa recebe um email para a definir.</p>
<h2>Passo a passo</h2>
<ol>
<li><p><strong>Nome completo</strong> e <strong>Email</strong> (o email é o nome com que a pessoa entra; não pode repetir o de outra conta).</p></li>
<li><p><strong>Entidade</strong>: a organização onde a pessoa trabalha. Define o que ela vê.</p></li>
<li><p><strong>Perfil</strong>: o conjunto de permissões. Só aparecem os perfis que o tipo da entidade permite e cujas permissões também tem.</p></li>
<li><p>Opcional: <strong>Idioma</strong>, <strong>Fuso horário</strong> e <strong>Receber notificações por email</strong>.</p></li>
<li><p>Carregue em <strong>Criar utilizador</strong>. A pessoa recebe um email de ativação com a ligação para escolher a palavra-passe.</p></li>
</ol>
<h2>Permissões</h2>
<p>WRITE_USER.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Se o email não chegar, peça à pessoa que veja o correio não solicitado, ou que use «Esqueceu-se da palavra-passe?» no ecrã de entrada.</p></li>
<li><p>Enquanto a conta não é ativada, a ficha do utilizador avisa que a ativação está pendente.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating a user',
      contents: `<p>Create an account for someone who will work on the platform. You do not choose their password: they get an email to set it.</p>
<h2>Step by step</h2>
<ol>
<li><p><strong>Full name</strong> and <strong>Email</strong> (the email is what they sign in with; it may not repeat another account's).</p></li>
<li><p><strong>Entity</strong>: the organization the person works for. It decides what they see.</p></li>
<li><p><strong>Role</strong>: the set of permissions. Only roles the entity's type allows, and whose permissions you hold, are offered.</p></li>
<li><p>Optional: <strong>Language</strong>, <strong>Time zone</strong> and <strong>Receive email notifications</strong>.</p></li>
<li><p>Click <strong>Create user</strong>. The person receives an activation email with a link to choose a password.</p></li>
</ol>
<h2>Permissions</h2>
<p>WRITE_USER.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>If the email does not arrive, ask the person to check their spam folder, or to use “Forgot your password?” on the sign-in screen.</p></li>
<li><p>Until the account is activated, the user's record says activation is pending.</p></li>
</ul>`,
    },
  },
  {
    url: '/entity',
    category: 'myEntity',
    'pt-PT': {
      title: 'Entidades',
      contents: `<p>As entidades são as organizações da plataforma (câmaras, departamentos, operadores, forças de segurança), organizadas numa hierarquia: cada uma pode ter uma entidade-mãe e subentidades. Quem pertence a uma entidade vê também as que estão abaixo dela.</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Pesquisar entidades</strong> e <strong>Filtros</strong>: estado e <strong>Só entidades de topo</strong>.</p></li>
<li><p><strong>Adicionar entidade</strong>, e em cada linha <strong>Editar</strong> e <strong>Eliminar</strong>.</p></li>
</ul>
<h2>Consultar ou alterar uma entidade</h2>
<ol>
<li><p>Clique no nome. A ficha mostra a <strong>Identificação</strong> (nome, NIF, tipo de entidade, entidade-mãe) e os <strong>Contactos e morada</strong>.</p></li>
<li><p>Em baixo, <strong>Subentidades</strong> e <strong>Utilizadores</strong> listam quem está abaixo e quem lá trabalha, com pesquisa própria.</p></li>
<li><p>Altere o que precisa e guarde. Desligar <strong>Entidade ativa</strong> desativa-a sem a apagar.</p></li>
</ol>
<h2>Permissões</h2>
<p>READ_ENTITY para consultar; WRITE_ENTITY para criar, alterar e eliminar. Sem WRITE_ENTITY a ficha abre só para leitura.</p>
<h2>Cuidados</h2>
<p>Uma entidade só pode ser eliminada quando já não tem subentidades, utilizadores, ocorrências, grupos de sistemas, nem está na lista de acesso de algum utilizador. A mensagem de erro diz o que falta mudar; muitas vezes basta desativá-la.</p>`,
    },
    'en-US': {
      title: 'Entities',
      contents: `<p>Entities are the platform's organizations (municipalities, departments, operators, police), arranged in a hierarchy: each may have a parent entity and sub-entities. Members of an entity also see the ones below it.</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Search entities</strong> and <strong>Filters</strong>: status and <strong>Top-level entities only</strong>.</p></li>
<li><p><strong>Add entity</strong>, and on each row <strong>Edit</strong> and <strong>Delete</strong>.</p></li>
</ul>
<h2>Viewing or changing an entity</h2>
<ol>
<li><p>Click the name. The record shows its <strong>Identification</strong> (name, tax number, entity profile, parent entity) and <strong>Contacts and address</strong>.</p></li>
<li><p>Below, <strong>Sub-entities</strong> and <strong>Users</strong> list who is below it and who works there, each with its own search.</p></li>
<li><p>Change what you need and save. Switching <strong>Active entity</strong> off deactivates it without deleting it.</p></li>
</ol>
<h2>Permissions</h2>
<p>READ_ENTITY to look; WRITE_ENTITY to create, change and delete. Without WRITE_ENTITY the record opens read-only.</p>
<h2>Pitfalls</h2>
<p>An entity can only be deleted once it has no sub-entities, users, events or system groups, and is in no user's access list. The error message says what is left to change; often deactivating it is enough.</p>`,
    },
  },
  {
    url: '/entity/create',
    category: 'myEntity',
    'pt-PT': {
      title: 'Criar uma entidade',
      contents: `<p>Crie uma organização nova ou um departamento de uma organização existente.</p>
<h2>Passo a passo</h2>
<ol>
<li><p><strong>Nome</strong> e, se tiver, o <strong>NIF</strong> (9 algarismos; o dígito de controlo é verificado).</p></li>
<li><p><strong>Tipo de entidade</strong>: decide que perfis os seus utilizadores podem ter e que aplicações veem.</p></li>
<li><p><strong>Entidade-mãe</strong>: para um departamento, a organização a que pertence. Deixe vazio para uma entidade de topo.</p></li>
<li><p>Em <strong>Contactos e morada</strong>: email, telefone, morada, código postal (formato 1234-567) e, por esta ordem, <strong>Distrito</strong>, <strong>Concelho</strong> e <strong>Freguesia</strong>.</p></li>
<li><p>Carregue em <strong>Criar entidade</strong>.</p></li>
</ol>
<h2>Permissões</h2>
<p>WRITE_ENTITY. A entidade-mãe tem de ser uma das que pode ver.</p>
<h2>Cuidados</h2>
<ul>
<li><p>O concelho só aparece depois de escolher o distrito, e a freguesia depois do concelho.</p></li>
<li><p>Depois de criar a entidade, crie os seus utilizadores em Utilizadores › Adicionar utilizador.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating an entity',
      contents: `<p>Create a new organization, or a department of an existing one.</p>
<h2>Step by step</h2>
<ol>
<li><p><strong>Name</strong> and, if it has one, the <strong>Tax number (NIF)</strong> (9 digits; the check digit is verified).</p></li>
<li><p><strong>Entity profile</strong>: decides which roles its users may hold and which applications they see.</p></li>
<li><p><strong>Parent entity</strong>: for a department, the organization it belongs to. Leave empty for a top-level entity.</p></li>
<li><p>Under <strong>Contacts and address</strong>: email, phone, address, postal code (format 1234-567) and, in this order, <strong>District</strong>, <strong>Municipality</strong> and <strong>Parish</strong>.</p></li>
<li><p>Click <strong>Create entity</strong>.</p></li>
</ol>
<h2>Permissions</h2>
<p>WRITE_ENTITY. The parent entity must be one you can see.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>The municipality list appears once the district is chosen, and the parish once the municipality is.</p></li>
<li><p>Once the entity exists, create its users under Users › Add user.</p></li>
</ul>`,
    },
  },
  {
    url: '/myEntity',
    category: 'myEntity',
    'pt-PT': {
      title: 'A minha entidade',
      contents: `<p>Mostra a ficha da entidade a que pertence: nome, NIF, tipo, entidade-mãe, contactos e morada.</p>
<h2>Como usar</h2>
<ul>
<li><p>Confirme aqui os dados que a plataforma tem da sua organização, por exemplo o email usado nas comunicações.</p></li>
<li><p>Com permissão para consultar entidades (READ_ENTITY), <strong>Abrir a ficha da entidade</strong> mostra também as subentidades e os utilizadores; com permissão para as alterar (WRITE_ENTITY), o botão chama-se <strong>Editar a entidade</strong> e abre o formulário.</p></li>
</ul>
<h2>Permissões</h2>
<p>READ_OWN_ENTITY para ver esta página (também no menu do utilizador); WRITE_ENTITY para a alterar.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Se os dados estiverem errados e não os puder alterar, peça ao administrador da plataforma.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'My entity',
      contents: `<p>Shows the record of the entity you belong to: name, tax number, type, parent entity, contacts and address.</p>
<h2>How to use it</h2>
<ul>
<li><p>Check here what the platform holds about your organization, for instance the email used for communications.</p></li>
<li><p>With permission to look at entities (READ_ENTITY), <strong>Open the entity's record</strong> also shows its sub-entities and users; with permission to change them (WRITE_ENTITY) the button reads <strong>Edit the entity</strong> and opens the form.</p></li>
</ul>
<h2>Permissions</h2>
<p>READ_OWN_ENTITY to see this page (also in the user menu); WRITE_ENTITY to change it.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>If the details are wrong and you cannot change them, ask the platform administrator.</p></li>
</ul>`,
    },
  },
];
